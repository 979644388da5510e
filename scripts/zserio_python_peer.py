#!/usr/bin/env python3
"""The zserio Python runtime as a peer row of `prism-bench zserio`.

Reads each blob that prism-bench wrote (<schema>.blob in --blobs, named as in zserio_blobs.PAIRS)
with zserio's generated Python classes, --repeat times, and prints one line per blob:
    <blob file name> <median ms per full deserialization>
The runtime is whichever the `zserio` package provides (pure Python unless its C++ extension
is on the path).
"""
import argparse
import pathlib
import statistics
import sys
import tempfile
import timeit

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import zserio_blobs  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--schemas", required=True, type=pathlib.Path)
    parser.add_argument("--blobs", required=True, type=pathlib.Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    import zserio

    zserio_blobs.compile_schemas(args.schemas, pathlib.Path(tempfile.mkdtemp()) / "python")
    for blob in sorted(args.blobs.glob("*.blob")):
        schema = blob.stem.split("__")[0]
        if schema not in zserio_blobs.PAIRS:
            continue
        root_type = zserio_blobs.root_type_of(schema)
        data = blob.read_bytes()
        times = [timeit.timeit(lambda: zserio.deserialize_from_bytes(root_type, data), number=1)
                 for _ in range(args.repeat)]
        print(f"{blob.name} {statistics.median(times) * 1000:.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
