/* The yardstick for speed-measure: a minimal blocking UDP ping-pong on loopback.
 * A forked child echoes every datagram; the parent sends COUNT datagrams of SIZE bytes back to
 * back, each after the previous echo, and prints the median round trip in microseconds.
 * Usage: udp-pingpong [COUNT [SIZE [WARMUP [PING_CPU ECHO_CPU]]]]   (default 2000 64 100)
 *        udp-pingpong --echo PORT SECONDS   (only the echo, on 127.0.0.1:PORT, for SECONDS)
 * PING_CPU and ECHO_CPU pin the two ends to those CPUs (-1: where they are).
 * Touches only 127.0.0.1. Exits 1 with a message on any socket error or a 1 s silence. */
#define _GNU_SOURCE /* sched_setaffinity */
#include <arpa/inet.h>
#include <sched.h>
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

static void pinTo(int cpu) {
    if (cpu < 0) return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET((size_t)cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) perror("udp-pingpong: sched_setaffinity");
}

/* Echoes until `until` (CLOCK_MONOTONIC microseconds; 0: until killed). */
static void echoUntil(int fd, double until) {
    static char buffer[kMaxSize];
    while (until == 0 || nowMicroseconds() < until) {
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

/* --echo PORT SECONDS: the child's loop alone, for another program to measure against. */
static int echoOnly(int port, int seconds) {
    if (port < 1 || port > 65535 || seconds < 1 || seconds > 3600) {
        fprintf(stderr, "usage: udp-pingpong --echo PORT(1..65535) SECONDS(1..3600)\n");
        return 2;
    }
    const int fd = socket(AF_INET, SOCK_DGRAM, 0);
    struct sockaddr_in bound;
    memset(&bound, 0, sizeof bound);
    bound.sin_family = AF_INET;
    bound.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bound.sin_port = htons((unsigned short)port);
    if (fd < 0 || bind(fd, (struct sockaddr*)&bound, sizeof bound) != 0) {
        perror("udp-pingpong: --echo: bind 127.0.0.1");
        return 1;
    }
    struct timeval timeout = {1, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    printf("udp-pingpong: echoing on 127.0.0.1:%d for %d s\n", port, seconds);
    fflush(stdout);
    echoUntil(fd, nowMicroseconds() + seconds * 1e6);
    return 0;
}

int main(int argc, char** argv) {
    if (argc > 1 && strcmp(argv[1], "--echo") == 0) {
        return echoOnly(argc > 2 ? atoi(argv[2]) : 0, argc > 3 ? atoi(argv[3]) : 0);
    }
    const int count = argc > 1 ? atoi(argv[1]) : 2000;
    const int size = argc > 2 ? atoi(argv[2]) : 64;
    const int warmup = argc > 3 ? atoi(argv[3]) : 100;
    const int pingCpu = argc > 5 ? atoi(argv[4]) : -1;
    const int echoCpu = argc > 5 ? atoi(argv[5]) : -1;
    if (count < 1 || count > 1000000 || size < 1 || size > kMaxSize || warmup < 0) {
        fprintf(stderr, "usage: udp-pingpong [COUNT 1..1000000 [SIZE 1..65507 [WARMUP [PING_CPU ECHO_CPU]]]]\n");
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
    if (echoer == 0) {
        pinTo(echoCpu);
        echoUntil(echoFd, 0);
    }
    pinTo(pingCpu);

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
