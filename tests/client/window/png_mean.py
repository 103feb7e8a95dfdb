#!/usr/bin/env python3
"""png_mean.py FILE LEFT TOP WIDTH HEIGHT: the mean brightness (0..255) of a rectangle of a PNG.

Reads the 8-bit RGB or RGBA, non-interlaced PNGs the window's --screenshot writes, with the
standard library only (zlib), so that a window test can tell what a place of the table shows.
"""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        raise SystemExit(f"{path}: only 8-bit RGB or RGBA, non-interlaced")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(line)
        previous = line
    return width, height, channels, rows


def main(argv):
    if len(argv) != 5:
        raise SystemExit(__doc__)
    width, height, channels, rows = read_png(argv[0])
    left, top, w, h = (int(v) for v in argv[1:])
    total, count = 0, 0
    for y in range(max(0, top), min(height, top + h)):
        row = rows[y]
        for x in range(max(0, left), min(width, left + w)):
            r, g, b = row[x * channels:x * channels + 3]
            total += (r + g + b) / 3
            count += 1
    print(round(total / max(1, count)))


if __name__ == "__main__":
    main(sys.argv[1:])
