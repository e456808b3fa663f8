"""``certify.digests.sha256`` gives ``hashlib.sha256``'s digests, without loading OpenSSL."""

from __future__ import annotations

import hashlib
import random
import subprocess
import sys

from certify.digests import sha256


def test_the_digests_are_hashlibs() -> None:
    pick = random.Random(7)
    for size in [0, 1, 55, 56, 63, 64, 65, 1000, *(pick.randint(0, 5000) for _ in range(40))]:
        data = pick.randbytes(size)
        assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest(), size
        assert sha256(data).digest() == hashlib.sha256(data).digest()
        grown = sha256(data[: size // 2])
        grown.update(data[size // 2 :])
        assert grown.hexdigest() == hashlib.sha256(data).hexdigest()
    assert sha256(b"abc").hexdigest().startswith("ba7816bf8f01cfea")  # FIPS 180-2's example


def test_taking_a_digest_loads_no_openssl() -> None:
    probe = (
        "import sys\n"
        "from certify.digests import sha256\n"
        "sha256(b'x').hexdigest()\n"
        "print('_hashlib' in sys.modules, 'hashlib' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "False False\n"
