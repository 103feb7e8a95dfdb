/* input-to-pixel: how long from a pointer event to the screen showing its effect, measured from
 * outside the program as a player's eye would: XTest moves the pointer and presses the button,
 * then one pixel (or a short strip) of the screen is read back with XGetImage until it changes.
 *
 *   input-to-pixel SLOT_X SLOT_Y SLOT_W SLOT_H PILE_X PILE_Y PILE_W PILE_H MOTIONS
 *
 * Picks up the card in the hand slot, drags it, and times MOTIONS pointer motions of 12 px
 * (left and right in turn) until the dragged card's edge moved; then drops it on the pile and
 * times the release until the pile's edge changed. Coordinates are the root window's (the
 * window sits at 0,0 on a display without a window manager). Prints one line per figure:
 *   motion_us <n> <p50> <p99>
 *   release_us <value>
 * Exit 1 when the screen never changed within a second (nothing was drawn). */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { kStepPx = 12, kStripPx = 24, kTimeoutUs = 1000000 };

static double nowUs(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* The pixels of a w x 1 strip at (x, y), packed. */
static void readStrip(Display* display, int x, int y, int w, unsigned long* out) {
    XImage* image = XGetImage(display, DefaultRootWindow(display), x, y, (unsigned)w, 1, AllPlanes, ZPixmap);
    for (int i = 0; i < w; ++i) out[i] = image != NULL ? XGetPixel(image, i, 0) : 0;
    if (image != NULL) XDestroyImage(image);
}

/* Waits until the strip differs from `before`; the time it took, or -1 after kTimeoutUs. */
static double waitForChange(Display* display, int x, int y, int w, const unsigned long* before, double since) {
    unsigned long now[kStripPx];
    for (;;) {
        readStrip(display, x, y, w, now);
        if (memcmp(now, before, sizeof(unsigned long) * (size_t)w) != 0) return nowUs() - since;
        if (nowUs() - since > kTimeoutUs) return -1;
    }
}

static void movePointer(Display* display, int x, int y) {
    XTestFakeMotionEvent(display, -1, x, y, CurrentTime);
    XFlush(display);
}

static int byValue(const void* a, const void* b) {
    const double x = *(const double*)a, y = *(const double*)b;
    return (x > y) - (x < y);
}

int main(int argc, char** argv) {
    if (argc != 10) {
        fprintf(stderr, "usage: %s SLOT_X SLOT_Y SLOT_W SLOT_H PILE_X PILE_Y PILE_W PILE_H MOTIONS\n", argv[0]);
        return 2;
    }
    int v[9];
    for (int i = 0; i < 9; ++i) v[i] = atoi(argv[i + 1]);
    const int slotX = v[0], slotY = v[1], slotW = v[2], slotH = v[3];
    const int pileX = v[4], pileY = v[5], pileW = v[6], pileH = v[7], motions = v[8];
    if (motions < 2 || motions > 100000 || slotW <= 0 || pileW <= 0) {
        fprintf(stderr, "input-to-pixel: bad sizes or MOTIONS (2..100000)\n");
        return 2;
    }
    Display* display = XOpenDisplay(NULL);
    int event, error, major, minor;
    if (display == NULL || !XTestQueryExtension(display, &event, &error, &major, &minor)) {
        fprintf(stderr, "input-to-pixel: no display with the XTest extension\n");
        return 2;
    }
    const int centerY = slotY + slotH / 2;
    int pointerX = slotX + slotW / 2;
    movePointer(display, pointerX, centerY);
    XTestFakeButtonEvent(display, 1, True, CurrentTime);
    XFlush(display);
    /* The drag begins after a few pixels; the lifted card is drawn 4% wider than the slot. */
    const int lift = slotW * 4 / 100;
    unsigned long before[kStripPx];
    int rightEdge = slotX + slotW + lift; /* the dragged card's right edge for the pointer at pointerX */
    const int startX = pointerX;
    double* samples = calloc((size_t)motions, sizeof(double));
    int taken = 0;
    for (int i = 0; i < motions + 2; ++i) { /* the first two start the drag and are not counted */
        const int step = i % 2 == 0 ? kStepPx : -kStepPx;
        const int probeX = step > 0 ? rightEdge + kStepPx / 2 : rightEdge - kStepPx / 2;
        readStrip(display, probeX, centerY, 1, before);
        pointerX += step;
        const double sent = nowUs();
        movePointer(display, pointerX, centerY);
        const double took = waitForChange(display, probeX, centerY, 1, before, sent);
        rightEdge = slotX + slotW + lift + (pointerX - startX);
        if (i < 2) continue;
        if (took < 0) {
            fprintf(stderr, "input-to-pixel: motion %d never reached the screen\n", i);
            return 1;
        }
        samples[taken++] = took;
    }
    /* Over the pile, then let go: the pile's left edge (its glow, the lifted card's border). */
    const int overX = pileX + pileW / 2, overY = pileY + pileH / 2;
    movePointer(display, overX, overY);
    unsigned long strip[kStripPx];
    const int stripX = pileX - kStripPx / 2;
    const double moved = nowUs();
    for (;;) { /* until the card is drawn over the pile: the strip stops changing for 100 ms */
        readStrip(display, stripX, overY, kStripPx, before);
        const double quiet = waitForChange(display, stripX, overY, kStripPx, before, nowUs());
        if (quiet < 0 || nowUs() - moved > 3 * kTimeoutUs) break;
    }
    readStrip(display, stripX, overY, kStripPx, strip);
    const double released = nowUs();
    XTestFakeButtonEvent(display, 1, False, CurrentTime);
    XFlush(display);
    const double release = waitForChange(display, stripX, overY, kStripPx, strip, released);
    qsort(samples, (size_t)taken, sizeof(double), byValue);
    const int p99 = (int)((double)taken * 0.99 + 0.999999) - 1;
    printf("motion_us %d %.0f %.0f\n", taken, samples[taken / 2], samples[p99 < 0 ? 0 : p99]);
    printf("release_us %.0f\n", release);
    free(samples);
    XCloseDisplay(display);
    return release < 0 ? 1 : 0;
}
