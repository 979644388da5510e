#!/usr/bin/env python3
"""Reference blobs from zserio itself (PyPI package `zserio`: its compiler jar needs Java 17).

Compiles every schema in tests/zserio/schemas to Python, loads each JSON dataset with zserio's own
JSON reader and writes <schema>[__<dataset>].blob into the output folder. prism's interop test reads
and writes the same data and compares bytes.

usage: zserio_blobs.py --schemas DIR --data DIR --out DIR
"""
import argparse
import concurrent.futures
import importlib
import pathlib
import subprocess
import sys

# schema file stem -> (root type, dataset files); carsales runs on both of its datasets.
PAIRS = {
    "addressbook": ("AddressBook", ["addressbook.json"]),
    "addressbook_align": ("AddressBook", ["addressbook.json"]),
    "addressbook_packed": ("AddressBook", ["addressbook.json"]),
    "apollo": ("Map", ["apollo.zs.json"]),
    "carsales": ("CarSales", ["carsales.json", "carsales_sorted.json"]),
    "carsales_align": ("CarSales", ["carsales.json", "carsales_sorted.json"]),
    "carsales_packed": ("CarSales", ["carsales.json", "carsales_sorted.json"]),
    "simpletrace": ("SimpleTrace", ["prague-groebenzell.json"]),
    "simpletrace_packed": ("SimpleTrace", ["prague-groebenzell.json"]),
}


def blob_name(schema: str, dataset: str) -> str:
    stem = dataset.removesuffix(".json").removesuffix(".zs")
    default = PAIRS[schema][1][0].removesuffix(".json").removesuffix(".zs")
    return f"{schema}.blob" if stem == default else f"{schema}__{stem}.blob"


def compile_schemas(schemas: pathlib.Path, generated: pathlib.Path) -> None:
    """zserio's compiler (Java) turns every schema into Python classes under `generated`."""
    generated.mkdir(parents=True, exist_ok=True)
    # One compiler process per schema, all at once: most of each is the JVM starting.
    runs = [(schema, subprocess.Popen(
        [sys.executable, "-m", "zserio", "-src", str(schemas), f"{schema}.zs",
         "-python", str(generated), "-withTypeInfoCode", "-withoutPubsubCode",
         "-withoutServiceCode", "-withoutSqlCode"],
        stdout=subprocess.DEVNULL)) for schema in PAIRS]
    for schema, run in runs:
        if run.wait() != 0:
            raise SystemExit(f"zserio_blobs: zserio failed on {schema}.zs")
    sys.path.insert(0, str(generated))


def root_type_of(schema: str):
    return getattr(importlib.import_module(f"{schema}.api"), PAIRS[schema][0])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--schemas", required=True, type=pathlib.Path)
    parser.add_argument("--data", required=True, type=pathlib.Path)
    parser.add_argument("--out", required=True, type=pathlib.Path)
    args = parser.parse_args()

    if not args.data.is_dir():
        print(f"zserio_blobs: skipped: no datasets in {args.data}")
        return 77  # CTest's SKIP_RETURN_CODE
    import zserio  # noqa: F401  (fails early with a clear message when the package is missing)

    # Blobs newer than every schema and dataset (and this script and zserio) are kept: the build presets
    # share one folder, and the second test run need not make them again.
    outputs = [args.out / blob_name(schema, dataset) for schema, (_, datasets) in PAIRS.items() for dataset in datasets]
    inputs = [pathlib.Path(__file__), pathlib.Path(zserio.__file__)] + [args.schemas / f"{schema}.zs" for schema in PAIRS] + \
        [args.data / dataset for _, datasets in PAIRS.values() for dataset in datasets]
    if all(o.exists() for o in outputs) and \
            min(o.stat().st_mtime for o in outputs) > max(i.stat().st_mtime for i in inputs if i.exists()):
        print(f"zserio_blobs: {len(outputs)} blobs in {args.out} are up to date")
        return 0

    generated = args.out / "python"
    compile_schemas(args.schemas, generated)
    jobs = [(schema, dataset, generated, args.data, args.out) for schema, (_, datasets) in PAIRS.items() for dataset in datasets]
    with concurrent.futures.ProcessPoolExecutor() as pool:
        for line in pool.map(write_blob, jobs):
            print(line)
    return 0


def write_blob(job) -> str:
    """One dataset read by zserio's JSON reader and written as a blob (in a worker process)."""
    schema, dataset, generated, data, out = job
    import zserio
    if str(generated) not in sys.path:
        sys.path.insert(0, str(generated))
    value = zserio.from_json_file(root_type_of(schema), str(data / dataset))
    blob = zserio.serialize_to_bytes(value)
    (out / blob_name(schema, dataset)).write_bytes(blob)
    return f"{blob_name(schema, dataset)}: {len(blob)} bytes"


if __name__ == "__main__":
    sys.exit(main())
