# goref: the two commands a new user needs (`make run`, `make test`) and the benchmarks.
# A thin wrapper over CMake; every target first installs missing Debian packages.
BUILD      ?= build
TEST_BUILD ?= build-test
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

.PHONY: all deps build run test test-fast valgrind bench bench-rules bench-vision bench-scoring clean format

all: build

deps:
	@scripts/deps.sh

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j$(JOBS)

# The main job: the most complete pipeline that exists (see README).
run: build
	@scripts/run.sh $(BUILD)

# Every test, built with ASan and UBSan, through CTest.
test: deps
	@cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=Debug -DGOREF_SANITIZE=ON $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(TEST_BUILD) -j$(JOBS)
	@cd $(TEST_BUILD) && ctest --output-on-failure -j$(JOBS)

# Everything but the suites labelled slow.
test-fast: deps
	@cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=Debug -DGOREF_SANITIZE=ON $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(TEST_BUILD) -j$(JOBS)
	@cd $(TEST_BUILD) && ctest --output-on-failure -j$(JOBS) -LE slow

# The fast suites again without sanitizers, under valgrind memcheck (errors and leaks fail).
valgrind: deps
	@cmake -S . -B build-valgrind -DCMAKE_BUILD_TYPE=Debug -DGOREF_VALGRIND=ON $(CMAKE_FLAGS) >/dev/null
	@cmake --build build-valgrind -j$(JOBS)
	@cd build-valgrind && ctest --output-on-failure -j$(JOBS) -LE slow

bench-rules: build
	@$(BUILD)/bench/bench_rules

# Vision on the real photos of ../shared/data/photos: accuracy per source, speed per stage.
bench-vision: build
	@$(BUILD)/bench/bench_vision

# Counting speed, dead-stone suggestion latency and agreement with GNU Go (-v lists the games
# where goref and GNU Go differ: make bench-scoring BENCH_SCORING_ARGS=-v).
bench-scoring: build
	@$(BUILD)/bench/bench_scoring $(BENCH_SCORING_ARGS)

bench: bench-rules bench-vision bench-scoring

format:
	@clang-format -i $$(git ls-files '*.c' '*.h' '*.cpp')

clean:
	rm -rf $(BUILD) $(TEST_BUILD)
