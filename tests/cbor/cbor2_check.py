#!/usr/bin/env python3
"""CBOR interop with cbor2 (PyPI): seeded random records encoded by cbor2 in canonical form are
read by prism (cbor2_peer) and written back in prism's deterministic encoding; the bytes must
be identical, and cbor2 must decode prism's bytes to the same values.

Usage: cbor2_check.py PATH_TO_CBOR2_PEER"""
import array
import random
import subprocess
import sys

import cbor2


def text(rng):
    n = rng.choice([0, 1, 23, 24, 255, 256])
    s = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(n))
    return s + ("\u00e9\u6c34" if n and rng.random() < 0.3 else "")


def integer(rng):
    edges = [0, 23, 24, 255, 256, 65535, 65536, 2**32 - 1, 2**32, 2**63 - 1, -1, -24, -25, -256, -257, -(2**63)]
    if rng.random() < 0.3:
        return rng.choice(edges)
    return rng.randint(-(2**63), 2**63 - 1) >> rng.randint(0, 63)


def score(rng):
    # Values whose shortest exact width is half, single and double precision.
    return rng.choice([0.0, -0.0, 1.5, 65504.0, 100000.0, 3.4028234663852886e38, 1.1, -4.1,
                       rng.uniform(-1e6, 1e6), float(rng.randint(-1000, 1000)) / 8])


def record(rng):
    samples = array.array("i", [rng.randint(-(2**31), 2**31 - 1) for _ in range(rng.randint(0, 20))])
    return {
        "id": integer(rng),
        "name": text(rng),
        "score": score(rng),
        "tags": [text(rng) for _ in range(rng.randint(0, 4))],
        "props": {text(rng): integer(rng) for _ in range(rng.randint(0, 4))},
        "maybe": text(rng) if rng.random() < 0.5 else None,
        "flag": rng.random() < 0.5,
        "blob": bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 40))),
        "samples": cbor2.CBORTag(78, samples.tobytes()),  # int32 little-endian typed array
    }


def main():
    if sys.byteorder != "little":
        print("skipped: the typed-array vectors assume a little-endian host")
        return 0
    rng = random.Random(20261122)
    records = [record(rng) for _ in range(300)]
    theirs = cbor2.dumps(records, canonical=True)
    run = subprocess.run([sys.argv[1]], input=theirs, capture_output=True, check=False)
    if run.returncode != 0:
        print("prism could not read cbor2's bytes:", run.stderr.decode(), file=sys.stderr)
        return 1
    ours = run.stdout
    if ours != theirs:
        at = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), min(len(ours), len(theirs)))
        print(f"prism's bytes differ from cbor2's at byte {at}: {ours[at:at+16].hex()} vs {theirs[at:at+16].hex()}",
              file=sys.stderr)
        return 1
    if cbor2.loads(ours) != records:
        print("cbor2 decodes prism's bytes to other values", file=sys.stderr)
        return 1
    print(f"ok: {len(records)} records, {len(ours)} bytes identical both ways")
    return 0


if __name__ == "__main__":
    sys.exit(main())
