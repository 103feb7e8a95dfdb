/* The yardstick for speed-measure: a minimal blocking UDP ping-pong on loopback.
 * A forked child echoes every datagram; the parent sends COUNT datagrams of SIZE bytes back to
 * back, each after the previous echo, and prints the median round trip in microseconds.
 * Usage: udp-pingpong [COUNT [SIZE [WARMUP]]]   (default 2000 64 100)
 * Touches only 127.0.0.1. Exits 1 with a message on any socket error or a 1 s silence. */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { kMaxSize = 65507 };

static double nowMicroseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static int compareDoubles(const void* a, const void* b) {
    const double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

static int openLoopbackSocket(struct sockaddr_in* bound) {
    const int fd = socket(AF_INET, SOCK_DGRAM, 0);
    if (fd < 0) return -1;
    memset(bound, 0, sizeof *bound);
    bound->sin_family = AF_INET;
    bound->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bound->sin_port = 0; /* an ephemeral port */
    socklen_t length = sizeof *bound;
    if (bind(fd, (struct sockaddr*)bound, sizeof *bound) != 0 ||
        getsockname(fd, (struct sockaddr*)bound, &length) != 0) {
        close(fd);
        return -1;
    }
    struct timeval timeout = {1, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    return fd;
}

static void echoForever(int fd) {
    static char buffer[kMaxSize];
    for (;;) {
        struct sockaddr_in from;
        socklen_t length = sizeof from;
        const ssize_t n = recvfrom(fd, buffer, sizeof buffer, 0, (struct sockaddr*)&from, &length);
        if (n < 0) continue; /* receive timeout: keep waiting until killed */
        sendto(fd, buffer, (size_t)n, 0, (struct sockaddr*)&from, length);
    }
}

static int pingOnce(int fd, const struct sockaddr_in* echo, char* buffer, int size, double* rttUs) {
    const double sentAt = nowMicroseconds();
    if (sendto(fd, buffer, (size_t)size, 0, (const struct sockaddr*)echo, sizeof *echo) != size) return -1;
    if (recv(fd, buffer, kMaxSize, 0) != size) return -1;
    *rttUs = nowMicroseconds() - sentAt;
    return 0;
}

int main(int argc, char** argv) {
    const int count = argc > 1 ? atoi(argv[1]) : 2000;
    const int size = argc > 2 ? atoi(argv[2]) : 64;
    const int warmup = argc > 3 ? atoi(argv[3]) : 100;
    if (count < 1 || count > 1000000 || size < 1 || size > kMaxSize || warmup < 0) {
        fprintf(stderr, "usage: udp-pingpong [COUNT 1..1000000 [SIZE 1..65507 [WARMUP]]]\n");
        return 2;
    }
    struct sockaddr_in echoAddress, pingAddress;
    const int echoFd = openLoopbackSocket(&echoAddress);
    const int pingFd = openLoopbackSocket(&pingAddress);
    if (echoFd < 0 || pingFd < 0) {
        perror("udp-pingpong: socket on 127.0.0.1");
        return 1;
    }
    const pid_t echoer = fork();
    if (echoer < 0) {
        perror("udp-pingpong: fork");
        return 1;
    }
    if (echoer == 0) echoForever(echoFd);

    char* buffer = calloc(kMaxSize, 1);
    double* rtts = calloc((size_t)count, sizeof *rtts);
    int failed = buffer == NULL || rtts == NULL;
    double ignored = 0;
    for (int i = 0; i < warmup && !failed; ++i) failed = pingOnce(pingFd, &echoAddress, buffer, size, &ignored);
    for (int i = 0; i < count && !failed; ++i) failed = pingOnce(pingFd, &echoAddress, buffer, size, &rtts[i]);
    kill(echoer, SIGTERM);
    waitpid(echoer, NULL, 0);
    if (failed) {
        fprintf(stderr, "udp-pingpong: no echo from the child within 1 s\n");
        return 1;
    }
    qsort(rtts, (size_t)count, sizeof *rtts, compareDoubles);
    const double median = count % 2 ? rtts[count / 2] : (rtts[count / 2 - 1] + rtts[count / 2]) / 2;
    printf("udp-pingpong: %d probes of %d bytes (after %d warm-up), median RTT %.2f us, min %.2f us\n",
           count, size, warmup, median, rtts[0]);
    free(buffer);
    free(rtts);
    return 0;
}
