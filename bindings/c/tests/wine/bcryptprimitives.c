/* A TEST-ONLY stand-in for Windows' bcryptprimitives.dll, which exists only because Wine 8 (the
 * Wine of Debian 12, on which bindings/c/test-cross.sh runs the C tests against the Windows DLL)
 * lacks it, while Rust's standard library imports ProcessPrng from it for its random numbers
 * (HashMap seeds). Real Windows (10 and later) has the DLL: this one is never shipped, never
 * packaged, and only ever put beside a test program inside the test run's own directory.
 *
 * ProcessPrng fills the buffer from RtlGenRandom (advapi32's SystemFunction036), the system's
 * cryptographic generator (TRUE on success, as the real one always answers). Built with mingw-w64:
 *
 *   x86_64-w64-mingw32-gcc -shared -o bcryptprimitives.dll bcryptprimitives.c \
 *       bcryptprimitives.def -ladvapi32 */
#include <windows.h>

/* advapi32's export SystemFunction036, better known as RtlGenRandom. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
