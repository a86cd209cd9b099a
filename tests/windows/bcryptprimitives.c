/*
 * Test harness only, never shipped: a stand-in for Windows' bcryptprimitives.dll, which Wine 8
 * lacks. Rust's standard library takes its random bytes (HashMap keys) from that DLL's
 * ProcessPrng; here ProcessPrng fills the buffer from advapi32's RtlGenRandom
 * (exported as SystemFunction036), which Wine has.
 *
 * Built by scripts/check-windows.sh:
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

/* RtlGenRandom: fills `buffer` with `length` random bytes; FALSE on failure. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

/* ProcessPrng fills `data` with `length` random bytes and, as documented, always returns TRUE.
 * RtlGenRandom takes a 32-bit length, so a larger request is filled in pieces. */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG piece = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, piece)) {
            /* Nothing else to fall back on: a process without random bytes must stop. */
            ExitProcess(3);
        }
        data += piece;
        length -= piece;
    }
    return TRUE;
}
