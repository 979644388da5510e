# The two commands of the README. Each installs what is missing, configures, builds and runs.
JOBS ?= $(shell nproc)
FUZZ_SECONDS ?= 4

.PHONY: deps test bench build-dev build-asan fuzz clean

deps:
	@scripts/install-deps

build-dev: deps
	cmake --preset dev >/dev/null
	cmake --build --preset dev -j $(JOBS)

build-asan: deps
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j $(JOBS)

# Every test under g++-12, then under clang++-16 with ASan and UBSan, then a short fuzz run.
test: build-dev build-asan
	ctest --preset dev -j $(JOBS)
	ctest --preset asan -j $(JOBS)
	@scripts/run-fuzzers build/asan $(FUZZ_SECONDS) $(JOBS)

# Every fuzz target, built at -O1, for FUZZ_SECONDS, JOBS at a time: make fuzz FUZZ_SECONDS=600
fuzz: deps
	cmake --preset fuzz >/dev/null
	cmake --build --preset fuzz -j $(JOBS)
	@scripts/run-fuzzers build/fuzz $(FUZZ_SECONDS) $(JOBS)

bench: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS)
	build/release/bench/prism-bench all --quick

clean:
	rm -rf build
