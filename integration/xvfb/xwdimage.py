"""Reads the X Window Dump files xwd writes (ZPixmap, 24 or 32 bits per pixel) and writes PNGs.

Only the standard library: the screenshot tests need no image package.
"""
import struct
import zlib


class XwdImage:
    """One screenshot: width, height and a pixel(x, y) -> (r, g, b) lookup."""

    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        header_size, version = struct.unpack(">II", data[:8])
        fields = struct.unpack(">25I", data[:100])
        if version != 7:
            raise ValueError(f"{path}: not an X11 window dump (version {version})")
        (_, _, pixmap_format, depth, width, height, _, byte_order, _, _, _, bits_per_pixel,
         bytes_per_line, _, red_mask, green_mask, blue_mask, _, ncolors, _, _, _, _, _, _) = fields
        if pixmap_format != 2 or bits_per_pixel not in (24, 32):
            raise ValueError(f"{path}: only ZPixmap dumps of 24 or 32 bits per pixel are read")
        self.width, self.height = width, height
        self._bpp = bits_per_pixel // 8
        self._stride = bytes_per_line
        self._little = byte_order == 0
        self._masks = (red_mask, green_mask, blue_mask)
        self._data = data[header_size + ncolors * 12:]

    def pixel(self, x, y):
        offset = y * self._stride + x * self._bpp
        raw = self._data[offset:offset + self._bpp]
        value = int.from_bytes(raw, "little" if self._little else "big")
        out = []
        for mask in self._masks:
            shift = (mask & -mask).bit_length() - 1
            out.append((value & mask) >> shift)
        return tuple(out)

    def channels(self):
        """The image's pixels as one bytes object per byte of a pixel, the unused pad byte left out
        (a 24-bit screen stored in 32 bits): equal channels mean equal pixels."""
        rows = b"".join(self._data[y * self._stride:y * self._stride + self.width * self._bpp] for y in range(self.height))
        used = [i for i in range(self._bpp)
                if any(((mask >> (8 * (i if self._little else self._bpp - 1 - i))) & 0xFF) for mask in self._masks)]
        return [rows[i::self._bpp] for i in used]

    def differing_pixels(self, other):
        """How many pixels differ from `other`'s (an image of the same size)."""
        mine, theirs = self.channels(), other.channels()
        if mine == theirs:
            return 0
        return sum(1 for i in range(self.width * self.height) if any(a[i] != b[i] for a, b in zip(mine, theirs)))

    def write_png(self, path, scale=1):
        """Writes the image (every `scale`-th pixel) as an 8-bit RGB PNG."""
        w, h = self.width // scale, self.height // scale
        rows = bytearray()
        for y in range(h):
            rows.append(0)
            for x in range(w):
                rows.extend(self.pixel(x * scale, y * scale))
        def chunk(kind, body):
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
        png += chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
        with open(path, "wb") as f:
            f.write(png)


if __name__ == "__main__":
    import sys
    XwdImage(sys.argv[1]).write_png(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1)
