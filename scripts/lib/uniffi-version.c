/* Calls the uniffi library's version() through its C ABI (the generated header of the Swift
 * package, bindings/swift/Headers/OfferKitFFI.h) and prints it: a check that a packaged
 * libofferkit_uniffi loads and runs on its machine where no Python or JVM of that machine is
 * at hand (smoke-python.sh runs the arm64 wheel's library under qemu-aarch64).
 *
 *   aarch64-linux-gnu-gcc -D_Nullable= -D_Nonnull= -Ibindings/swift/Headers \
 *     scripts/lib/uniffi-version.c -L<dir> -l:libofferkit_uniffi.so -o uniffi-version
 *
 * Prints the version and exits 0, or exits 1 if the call failed. */
#include <stdio.h>

#include "OfferKitFFI.h"

int main(void) {
    RustCallStatus status = {0};
    RustBuffer version = uniffi_offerkit_uniffi_fn_func_version(&status);
    if (status.code != 0) {
        return 1;
    }
    /* A returned string is its UTF-8 bytes, not terminated. */
    printf("%.*s\n", (int)version.len, (const char *)version.data);
    RustCallStatus free_status = {0};
    ffi_offerkit_uniffi_rustbuffer_free(version, &free_status);
    return free_status.code == 0 ? 0 : 1;
}
