#!/usr/bin/env python3
"""Reference vectors for prism's zserio tests, made by zserio itself (PyPI `zserio`, Java 17).

Builds seeded random values of tests/zserio/schemas/features.zs with zserio's generated Python
classes and writes, per value, features_<n>.json (zserio's JSON) and features_<n>.blob.
The committed vectors in tests/zserio/vectors came from this script:
    scripts/zserio_vectors.py --out tests/zserio/vectors
"""
import argparse
import pathlib
import random
import subprocess
import sys
import tempfile


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True, type=pathlib.Path)
    parser.add_argument("--count", type=int, default=24)
    args = parser.parse_args()
    schemas = pathlib.Path(__file__).resolve().parent.parent / "tests" / "zserio" / "schemas"

    import zserio

    generated = pathlib.Path(tempfile.mkdtemp())
    subprocess.run([sys.executable, "-m", "zserio", "-src", str(schemas), "features.zs", "-python", str(generated),
                    "-withTypeInfoCode", "-withoutPubsubCode", "-withoutServiceCode", "-withoutSqlCode"],
                   check=True, stdout=subprocess.DEVNULL)
    sys.path.insert(0, str(generated))
    import features.api as api

    rng = random.Random(20261122)

    def signed(bits):
        return rng.randint(-(1 << (bits - 1)), (1 << (bits - 1)) - 1)

    def edge(lo, hi):
        # Mostly small values and the edges of the ranges, where the encodings change size.
        pick = rng.random()
        if pick < 0.3:
            return rng.choice([lo, hi, 0 if lo <= 0 <= hi else lo, max(lo, min(hi, 1))])
        if pick < 0.6:
            return max(lo, min(hi, rng.randint(-70, 70)))
        return rng.randint(lo, hi)

    def var_signed(bits):
        return edge(-(1 << bits) + 1, (1 << bits) - 1)

    def choice():
        tag = rng.randrange(3)
        c = api.Choice()
        if tag == 0:
            c.small = rng.randrange(256)
        elif tag == 1:
            c.text = rng.choice(["", "x", "zserio", "Gröbenzell", "€𝄞"])
        else:
            c.inner = api.Inner(signed(32), api.Kind(rng.randrange(4)))
        return c

    def item(base):
        return api.Item(base + rng.randrange(3),
                        rng.randrange(32) if rng.random() < 0.6 else None,
                        rng.choice(["", "a", "item", "Prague"]),
                        api.Kind(rng.randrange(4)), choice(),
                        [signed(8) for _ in range(rng.randrange(4))])

    args.out.mkdir(parents=True, exist_ok=True)
    for n in range(args.count):
        size = rng.choice([0, 1, 2, 5, 30])
        step = rng.choice([0, 1, 1000])
        start = rng.randrange(1 << 16)
        packed_list = [(start + i * step + (rng.randrange(3) if rng.random() < 0.5 else 0)) % (1 << 16) for i in range(size)]
        wide = [edge(-(1 << 63), (1 << 63) - 1) for _ in range(rng.choice([0, 1, 3]))]
        base = rng.randrange(1 << 20)
        sized = [item(base) for _ in range(rng.randrange(3))]
        value = api.Features(
            rng.randrange(16), signed(7), rng.random() < 0.5,
            rng.choice([0.0, 1.5, -2.25, 65504.0, 0.000061035156, 3.140625]),
            rng.choice([0.0, 1.25, -3.0e38, 1e-40]), rng.uniform(-1e300, 1e300),
            var_signed(14), var_signed(28), var_signed(56), edge(-(1 << 63), (1 << 63) - 1),
            edge(0, (1 << 15) - 1), edge(0, (1 << 29) - 1), edge(0, (1 << 57) - 1), edge(0, (1 << 64) - 1),
            edge(0, (1 << 31) - 1),
            rng.choice(["", "a", "hello world", "ünïcødé", "x" * 130]),
            rng.randrange(256) if rng.random() < 0.5 else None,
            rng.randrange(1 << 16),
            api.Inner(signed(32), api.Kind(rng.randrange(4))) if rng.random() < 0.5 else None,
            choice(),
            [rng.randrange(256) for _ in range(3)],
            [signed(16) for _ in range(rng.randrange(5))],
            len(sized), sized, packed_list, wide,
            [item(base + i * rng.choice([0, 1, 7])) for i in range(rng.choice([0, 1, 2, 6, 20]))])
        (args.out / f"features_{n:02}.json").write_text(zserio.to_json_string(value, indent=None) + "\n")
        (args.out / f"features_{n:02}.blob").write_bytes(zserio.serialize_to_bytes(value))
    return 0


if __name__ == "__main__":
    sys.exit(main())
