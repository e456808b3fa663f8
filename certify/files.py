"""The user's files: read only what is safe to read, write so that nothing can be lost.

Reading opens the path without blocking, refuses anything that is not a regular file (a FIFO
would block forever, ``/dev/zero`` never ends) and checks the size on the open descriptor
before reading a byte, then reads at most one byte past the limit (a file can grow, and
``/proc`` files report a size of 0).  Text is UTF-8, with or without a byte order mark, or
UTF-16/UTF-32 with one; ``Encoding`` remembers which, so ``--update`` writes back the same.

Writing goes to a temporary file in the target's folder, is flushed and fsynced, then renamed
over the target (``os.replace`` is atomic on POSIX and Windows), and the folder is fsynced so
the rename itself survives a crash.  SIGINT is held back for the few system calls between
the first byte written and the rename: an interrupt leaves the old file or the new one, never
a truncated one, and no stray temporary file.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import signal
import stat
import threading
from collections.abc import Iterator
from types import FrameType

from certify.digests import sha256
from certify.errors import UnreadableFile
from certify.limits import MAX_BYTES
from certify.records import Record

_KINDS = (
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)

_BOMS = (  # UTF-32 first: its little-endian mark begins with UTF-16's
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


class Encoding(Record):
    """How a text was stored: its byte order mark (possibly none) and its codec."""

    bom: bytes = b""
    codec: str = "utf-8"

    def encode(self, text: str) -> bytes:
        """``text`` stored the same way."""
        return self.bom + text.encode(self.codec)


def read_bytes(path: str) -> bytes:
    """The bytes of a regular file of at most ``MAX_BYTES``, or ``UnreadableFile`` saying why."""
    try:
        kind = _kind(os.stat(path).st_mode)
        if kind:
            raise UnreadableFile(f"this is {kind}, not a text file", file=path)
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise UnreadableFile(
            f"cannot read the file: {error.strerror or error}", file=path
        ) from None
    with os.fdopen(descriptor, "rb") as stream:
        info = os.fstat(stream.fileno())
        kind = _kind(info.st_mode)  # the path may have changed since stat
        if kind:
            raise UnreadableFile(f"this is {kind}, not a text file", file=path)
        if info.st_size > MAX_BYTES:
            raise _too_large(info.st_size, path)
        # Ask for the size fstat gave (and one byte more): a read of ``MAX_BYTES`` at once
        # allocates that much first, 20-35 us a file in a batch of small texts.  A file that
        # grew since, or whose size the system does not know, is read on to the limit.
        wanted = min(info.st_size, MAX_BYTES) + 1
        try:
            data = stream.read(wanted)
            if len(data) == wanted and wanted <= MAX_BYTES:
                data += stream.read(MAX_BYTES + 1 - wanted)
        except OSError as error:
            raise UnreadableFile(
                f"cannot read the file: {error.strerror or error}", file=path
            ) from None
    if len(data) > MAX_BYTES:
        raise _too_large(len(data), path, more=True)
    return data


def decode(data: bytes, path: str) -> tuple[str, Encoding]:
    """The text of ``data`` and how it was encoded, or ``UnreadableFile`` saying why not."""
    encoding = next((Encoding(bom, codec) for bom, codec in _BOMS if data.startswith(bom)), None)
    if encoding is None:
        if b"\x00" in data:
            raise UnreadableFile(
                "this is a binary file, not a text (or UTF-16 without a byte order mark; "
                "save it as UTF-8)",
                file=path,
            )
        encoding = Encoding()
    body = data[len(encoding.bom) :]
    try:
        text = body.decode(encoding.codec)
    except UnicodeDecodeError as error:
        name = encoding.codec.split("-le")[0].split("-be")[0].upper()
        offset = error.start + len(encoding.bom)
        raise UnreadableFile(
            f"the file is not {name} (byte 0x{data[offset]:02x} at offset {offset}); "
            "save it as UTF-8",
            file=path,
        ) from None
    if "\x00" in text:
        raise UnreadableFile("this is a binary file, not a text", file=path)
    return text, encoding


def read_text(path: str) -> str:
    """The file's text, or ``UnreadableFile`` saying exactly why not."""
    text, _ = decode(read_bytes(path), path)
    if not text.strip():
        raise UnreadableFile("the file is empty", file=path)
    return text


def text_digest(text: str) -> str:
    """The SHA-256 of ``text`` (encoded as UTF-8, without any byte order mark), in hex: what
    ``--resume`` matches a recorded result by, with its path."""
    digest: str = sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    return digest


def write_atomically(path: str, data: bytes) -> None:
    """Replace ``path``'s contents with ``data``: all of it or none of it, whatever happens.

    The new file keeps the old one's permission bits (a new file gets the umask's); a symbolic
    link is followed, so the file it points to is replaced and the link stays.  A target that
    is not a regular file (``--junit /dev/stdout``) cannot be replaced and is written as it
    is.  Raises ``OSError`` (the old file is then untouched).
    """
    path = os.path.realpath(path)
    folder = os.path.dirname(path)
    try:
        info = os.stat(path)
        mode = stat.S_IMODE(info.st_mode)
        if not stat.S_ISREG(info.st_mode):
            with open(path, "wb") as stream:
                stream.write(data)
            return
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    import tempfile  # for writing only: a run that only reads does without it

    with _interrupts_held():
        descriptor, temporary = tempfile.mkstemp(
            dir=folder, prefix="." + os.path.basename(path) + ".", suffix=".tmp"
        )
        try:
            with os.fdopen(descriptor, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            os.chmod(temporary, mode)
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        _sync_folder(folder)


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "")


def _too_large(size: int, path: str, more: bool = False) -> UnreadableFile:
    amount = f"more than {MAX_BYTES:,}" if more else f"{size:,}"
    return UnreadableFile(
        f"the file has {amount} bytes; certify reads texts up to {MAX_BYTES:,}", file=path
    )


def _sync_folder(folder: str) -> None:
    """Make the rename durable (POSIX); a no-op where folders cannot be opened."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold SIGINT back until the block ends, then raise ``KeyboardInterrupt`` if one came.

    Only the main thread can set signal handlers; elsewhere the block runs as it is (the
    write is still atomic, but an interrupt could leave the temporary file behind).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []

    def hold(number: int, frame: FrameType | None) -> None:
        arrived.append(number)

    previous = signal.signal(signal.SIGINT, hold)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)
    if arrived:
        raise KeyboardInterrupt
