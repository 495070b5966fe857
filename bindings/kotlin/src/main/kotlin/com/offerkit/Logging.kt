// Log forwarding in Kotlin terms: a `fun interface` the app implements (Logcat, Timber, SLF4J)
// and `setLogger`. Only offerkit's own records arrive (dependencies' are dropped natively),
// each with a tag of at most 23 characters (`offerkit.transport`), usable as a Logcat tag.
package com.offerkit

import com.offerkit.internal.Logger as GeneratedLogger

/**
 * Receives offerkit's log records: `setLogger({ level, tag, message -> Log.d(tag, message) })`.
 * Called from offerkit's worker threads; must be quick and must not block. Whatever it throws
 * is ignored (that record is dropped). Tokens are never logged.
 */
fun interface Logger {
    /** One record: its level, its tag (`offerkit.transport`, ≤ 23 characters) and its text. */
    fun log(level: LogLevel, tag: String, message: String)
}

/**
 * Sends offerkit's records at [maxLevel] and above to [logger]; null stops forwarding. May be
 * called again to replace either; returns once no call into the previous logger is running.
 */
fun setLogger(logger: Logger?, maxLevel: LogLevel = LogLevel.INFO) {
    com.offerkit.internal.setLogger(logger?.let(::LoggerBridge), maxLevel)
}

private class LoggerBridge(private val logger: Logger) : GeneratedLogger {
    override fun log(level: LogLevel, target: String, message: String) {
        try {
            logger.log(level, target, message)
        } catch (_: Throwable) {
            // Ignored, as documented: a failing logger never fails the call that logs.
        }
    }
}
