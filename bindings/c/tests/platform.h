/* The few POSIX calls the C tests make that Windows spells differently, written once so the
 * same test sources build with gcc on Linux and with mingw-w64 for Windows (run under Wine by
 * bindings/c/test-cross.sh): TCP sockets (the simulator's control client in support.c and the
 * hostile servers, relays and taps of the tests), polling them, and the two GNU string functions
 * mingw's C library lacks. Everything else the tests use (pthreads, clock_gettime, nanosleep)
 * mingw-w64 has through winpthreads (-lpthread).
 *
 * On Linux every name below is the POSIX call itself. */
#ifndef OFFERKIT_TEST_PLATFORM_H
#define OFFERKIT_TEST_PLATFORM_H

#ifdef _WIN32

#ifndef _WIN32_WINNT
#define _WIN32_WINNT 0x0600 /* Vista: WSAPoll and struct pollfd */
#endif
#include <stdlib.h>
#include <string.h>
#include <winsock2.h>
#include <ws2tcpip.h>

typedef SOCKET sock_t;
#define SOCK_INVALID INVALID_SOCKET
#define sock_close closesocket
#define poll(fds, count, timeout_ms) WSAPoll((fds), (count), (timeout_ms))
#define sock_recv(fd, buf, len) ((long)recv((fd), (char *)(buf), (int)(len), 0))
#define sock_send(fd, buf, len) ((long)send((fd), (const char *)(buf), (int)(len), 0))

/* Winsock must be started before the first socket call; idempotent (reference counted). */
static inline void sockets_start(void) {
    WSADATA data;
    WSAStartup(MAKEWORD(2, 2), &data);
}

static inline char *strndup(const char *s, size_t n) {
    size_t len = strnlen(s, n);
    char *copy = malloc(len + 1);
    if (copy) {
        memcpy(copy, s, len);
        copy[len] = '\0';
    }
    return copy;
}

static inline void *memmem(const void *haystack, size_t haystack_len, const void *needle,
                           size_t needle_len) {
    const char *h = haystack;
    if (needle_len == 0) return (void *)h;
    for (size_t i = 0; i + needle_len <= haystack_len; i++)
        if (memcmp(h + i, needle, needle_len) == 0) return (void *)(h + i);
    return NULL;
}

#else

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

typedef int sock_t;
#define SOCK_INVALID (-1)
#define sock_close close
#define sock_recv(fd, buf, len) ((long)read((fd), (buf), (len)))
#define sock_send(fd, buf, len) ((long)write((fd), (buf), (len)))

static inline void sockets_start(void) {}

#endif

#endif
