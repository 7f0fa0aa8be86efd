#!/usr/bin/env python3
"""Generate the sample PDF CVs of the cvsearch demo corpus.

Reads plain-text CVs from data/tools/pdf-sources/<slug>.txt and writes a small,
valid PDF 1.4 file data/profiles/<slug>.pdf for each of them.

Only the Python 3 standard library is used (no reportlab). The PDF uses the
standard 14 fonts Helvetica / Helvetica-Bold with /WinAnsiEncoding, so text is
encoded as cp1252 bytes; characters outside cp1252 are transliterated (accents
stripped) as a fallback. Content streams are Flate-compressed (zlib) unless
--no-compress is given. Output is deterministic (fixed dates, no random IDs),
so re-running the script does not create spurious git diffs.

Layout rules for the source text:
  * first non-empty line  -> the name, Helvetica-Bold 16 pt
  * lines written in CAPITALS (e.g. "EDUCATION") -> section heading, bold 11 pt
  * everything else        -> Helvetica 9.5 pt, long lines wrapped at ~100 chars
  * a line containing only "\\f" (form feed) forces a page break

Usage:
  python3 data/tools/make_sample_pdfs.py              # all sources
  python3 data/tools/make_sample_pdfs.py meera-krishnan
  python3 data/tools/make_sample_pdfs.py --no-compress --out /tmp/pdfs
"""

import argparse
import os
import sys
import textwrap
import unicodedata
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SRC = os.path.join(HERE, "pdf-sources")
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "profiles"))

PAGE_W, PAGE_H = 612, 792          # US Letter, in points
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 54, 60, 54
BODY_SIZE, BODY_LEAD = 9.5, 12.0
HEAD_SIZE, HEAD_LEAD = 11.0, 16.0
NAME_SIZE, NAME_LEAD = 16.0, 22.0
WRAP_COLS = 100
FIXED_DATE = "D:20250101000000Z"


def to_winansi(text):
    """Encode text as cp1252 (== WinAnsiEncoding for printable chars)."""
    out = bytearray()
    for ch in text:
        try:
            out += ch.encode("cp1252")
        except UnicodeEncodeError:
            base = unicodedata.normalize("NFKD", ch)
            base = "".join(c for c in base if not unicodedata.combining(c))
            out += base.encode("cp1252", errors="replace")
    return bytes(out)


def pdf_string(text):
    """A PDF literal string (...) with the required escapes."""
    raw = to_winansi(text)
    esc = bytearray(b"(")
    for b in raw:
        if b in (0x28, 0x29, 0x5C):          # ( ) backslash
            esc += b"\\" + bytes([b])
        elif b < 0x20 or b == 0x7F:
            esc += b"\\%03o" % b
        else:
            esc.append(b)
    esc += b")"
    return bytes(esc)


def pdf_info_string(text):
    """A text string for the document information dictionary.

    Info strings use PDFDocEncoding, not WinAnsiEncoding, so anything that is
    not plain ASCII is written as UTF-16BE with a byte order mark (hex form).
    """
    if all(32 <= ord(c) < 127 for c in text):
        return pdf_string(text)
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode() + b">"


def is_heading(line):
    s = line.strip()
    letters = [c for c in s if c.isalpha()]
    return (3 <= len(s) <= 60 and len(letters) >= 3
            and all(c.isupper() for c in letters))


def layout(lines):
    """Turn source lines into pages of (font, size, x, y, text) tuples."""
    pages, cur = [], []
    y = PAGE_H - MARGIN_TOP
    seen_name = False

    def new_page():
        nonlocal cur, y
        pages.append(cur)
        cur = []
        y = PAGE_H - MARGIN_TOP

    for raw in lines:
        line = raw.rstrip("\n").expandtabs(4).rstrip()
        if line.strip() == "\\f":
            new_page()
            continue
        if not line.strip():
            y -= BODY_LEAD * 0.6
            continue
        if not seen_name:
            font, size, lead, chunks = "F2", NAME_SIZE, NAME_LEAD, [line.strip()]
            seen_name = True
        elif is_heading(line):
            font, size, lead, chunks = "F2", HEAD_SIZE, HEAD_LEAD, [line.strip()]
            if y - lead - 2 * BODY_LEAD < MARGIN_BOTTOM:   # no orphan headings
                new_page()
        else:
            indent = len(line) - len(line.lstrip(" "))
            chunks = textwrap.wrap(line.strip(), WRAP_COLS - indent) or [""]
            chunks = [" " * indent + c if i == 0 else " " * (indent + 3) + c
                      for i, c in enumerate(chunks)]
            font, size, lead = "F1", BODY_SIZE, BODY_LEAD
        for chunk in chunks:
            if y - lead < MARGIN_BOTTOM:
                new_page()
            y -= lead
            n_indent = len(chunk) - len(chunk.lstrip(" "))
            x = MARGIN_X + n_indent * size * 0.5
            cur.append((font, size, x, y, chunk.strip()))
    if cur:
        pages.append(cur)
    return pages


def content_stream(items, page_no, n_pages, footer):
    ops = []
    for font, size, x, y, text in items:
        ops.append(b"BT /%s %.1f Tf %.2f %.2f Td %s Tj ET"
                   % (font.encode(), size, x, y, pdf_string(text)))
    if n_pages > 1:
        label = "%s \u2013 page %d of %d" % (footer, page_no, n_pages)
        ops.append(b"BT /F1 8 Tf %.2f %.2f Td %s Tj ET"
                   % (MARGIN_X, 30.0, pdf_string(label)))
    return b"\n".join(ops) + b"\n"


def build_pdf(title, author, pages, compress=True):
    """Assemble objects and a correct cross-reference table."""
    objects = {}   # number -> bytes (body between "n 0 obj" and "endobj")
    n_pages = len(pages)
    # 1 catalog, 2 pages, 3 F1, 4 F2, 5 info, then (page, content) pairs
    page_nums = [6 + 2 * i for i in range(n_pages)]
    objects[1] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[2] = (b"<< /Type /Pages /Kids [" +
                  b" ".join(b"%d 0 R" % n for n in page_nums) +
                  b"] /Count %d >>" % n_pages)
    objects[3] = (b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
                  b"/Encoding /WinAnsiEncoding >>")
    objects[4] = (b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold "
                  b"/Encoding /WinAnsiEncoding >>")
    objects[5] = (b"<< /Title " + pdf_info_string(title) +
                  b" /Author " + pdf_info_string(author) +
                  b" /Subject " + pdf_info_string("Curriculum Vitae (fictional sample)") +
                  b" /Creator " + pdf_info_string("cvsearch data/tools/make_sample_pdfs.py") +
                  b" /Producer " + pdf_info_string("Python standard library") +
                  b" /CreationDate " + pdf_info_string(FIXED_DATE) + b" >>")
    for i, items in enumerate(pages):
        pnum, cnum = page_nums[i], page_nums[i] + 1
        objects[pnum] = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] "
                         b"/Resources << /Font << /F1 3 0 R /F2 4 0 R >> "
                         b"/ProcSet [/PDF /Text] >> /Contents %d 0 R >>"
                         % (PAGE_W, PAGE_H, cnum))
        data = content_stream(items, i + 1, n_pages, author)
        if compress:
            data = zlib.compress(data, 9)
            head = b"<< /Length %d /Filter /FlateDecode >>" % len(data)
        else:
            head = b"<< /Length %d >>" % len(data)
        objects[cnum] = head + b"\nstream\n" + data + b"\nendstream"

    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for num in sorted(objects):
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + objects[num] + b"\nendobj\n"
    xref_pos = len(out)
    size = max(objects) + 1
    out += b"xref\n0 %d\n" % size
    out += b"0000000000 65535 f \n"
    for num in range(1, size):
        out += b"%010d 00000 n \n" % offsets[num]
    out += (b"trailer\n<< /Size %d /Root 1 0 R /Info 5 0 R >>\n"
            b"startxref\n%d\n%%%%EOF\n" % (size, xref_pos))
    return bytes(out)


def convert(src_path, out_dir, compress=True):
    slug = os.path.splitext(os.path.basename(src_path))[0]
    with open(src_path, encoding="utf-8") as f:
        lines = f.readlines()
    name = next((l.strip() for l in lines if l.strip()), slug)
    pages = layout(lines)
    pdf = build_pdf("Curriculum Vitae \u2013 " + name, name, pages, compress)
    out_path = os.path.join(out_dir, slug + ".pdf")
    with open(out_path, "wb") as f:
        f.write(pdf)
    return out_path, len(pages), len(pdf)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("slugs", nargs="*", help="source names (default: all)")
    ap.add_argument("--src", default=DEFAULT_SRC, help="directory of <slug>.txt")
    ap.add_argument("--out", default=DEFAULT_OUT, help="output directory")
    ap.add_argument("--no-compress", action="store_true",
                    help="write uncompressed content streams")
    args = ap.parse_args(argv)
    slugs = args.slugs or sorted(os.path.splitext(n)[0]
                                 for n in os.listdir(args.src) if n.endswith(".txt"))
    os.makedirs(args.out, exist_ok=True)
    for slug in slugs:
        path, n_pages, n_bytes = convert(os.path.join(args.src, slug + ".txt"),
                                         args.out, not args.no_compress)
        print("%s: %d page(s), %d bytes" % (os.path.relpath(path), n_pages, n_bytes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
