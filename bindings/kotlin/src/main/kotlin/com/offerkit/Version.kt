// What the native library the app loaded is: its version, for bug reports and support, and its
// flavour (with offerkit's own HTTP transport, or the mobile one that uses the platform's).
package com.offerkit

/** The offerkit version these bindings were built from. */
fun version(): String = com.offerkit.internal.version()

/**
 * Whether the loaded library carries offerkit's own HTTP transport (HTTP, TLS and root
 * certificates: `offerkit-android-full`, the JVM jar). The mobile flavour (`offerkit-android`)
 * does not, and its clients send through [HttpUrlConnectionExecutor] unless given an executor.
 */
fun hasBuiltinTransport(): Boolean = com.offerkit.internal.hasBuiltinTransport()
