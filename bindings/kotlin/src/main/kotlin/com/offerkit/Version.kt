// The version of the native library the app loaded, for bug reports and support.
package com.offerkit

/** The offerkit version these bindings were built from. */
fun version(): String = com.offerkit.internal.version()
