# The two commands of the README. Each installs what is missing, configures, builds and runs.
JOBS ?= $(shell nproc)
FUZZ_SECONDS ?= 12

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
	$(MAKE) --no-print-directory fuzz

fuzz:
	@for f in build/asan/fuzz/fuzz_*; do \
	  [ -x "$$f" ] || continue; \
	  name=$$(basename $$f); corpus=build/asan/fuzz/corpus-$$name; mkdir -p $$corpus; \
	  echo "fuzz: $$name for $(FUZZ_SECONDS)s"; \
	  $$f -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=2048 -print_final_stats=0 $$corpus fuzz/seeds/$${name#fuzz_} 2>&1 | tail -n 2 || exit 1; \
	done

bench: deps
	cmake --preset release >/dev/null
	cmake --build --preset release -j $(JOBS)
	build/release/bench/prism-bench all --quick

clean:
	rm -rf build
