# goref: the two commands a new user needs (`make run`, `make test`) and the benchmarks.
# A thin wrapper over CMake; every target first installs missing Debian packages.
BUILD      ?= build
TEST_BUILD ?= build-test
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
MAKEFLAGS  += --no-print-directory

.PHONY: all deps test-deps configure build run test test-fast valgrind bench bench-rules bench-vision bench-scoring bench-sheet bench-club bench-service clean format fuzz-sgf model model-points model-points-all model-lattice model-corners model-photo-lattices

all: build

deps:
	@scripts/deps.sh

test-deps:
	@scripts/deps.sh --test

# Release configuration; `build` makes everything, `run` and the benchmarks only what they use.
configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j$(JOBS)

# The main job: the most complete pipeline that exists (see README).
run: configure
	@cmake --build $(BUILD) -j$(JOBS) --target goref
	@scripts/run.sh $(BUILD)

# Every test, built with ASan and UBSan, through CTest. The Release build comes first: GCC -O3
# warns (as errors) where the Debug build does not, and `make run` uses that build. The vision
# suites then run once more in that Release build (about a minute of CPU): the sanitizers'
# allocator never hands freed memory straight back, so a stale pointer into a freed buffer can
# read right under them and wrong in the build users run.
test: test-deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD) -j$(JOBS)
	@cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=Debug -DGOREF_SANITIZE=ON $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(TEST_BUILD) -j$(JOBS)
	@cd $(TEST_BUILD) && ctest --output-on-failure -j$(JOBS)
	@cd $(BUILD) && ctest --output-on-failure -j$(JOBS) -R '^test_vision_'

# Everything but the suites labelled slow.
test-fast: test-deps
	@cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=Debug -DGOREF_SANITIZE=ON $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(TEST_BUILD) -j$(JOBS)
	@cd $(TEST_BUILD) && ctest --output-on-failure -j$(JOBS) -LE slow

# The fast suites again without sanitizers, under valgrind memcheck (errors and leaks fail).
valgrind: test-deps
	@cmake -S . -B build-valgrind -DCMAKE_BUILD_TYPE=Debug -DGOREF_VALGRIND=ON $(CMAKE_FLAGS) >/dev/null
	@cmake --build build-valgrind -j$(JOBS)
	@cd build-valgrind && ctest --output-on-failure -j$(JOBS) -LE slow

bench-rules: configure
	@cmake --build $(BUILD) -j$(JOBS) --target bench_rules
	@$(BUILD)/bench/bench_rules

# Vision on the real photos of ../shared/data/photos: accuracy per source, speed per stage, and
# the referee's verdict from each photo against its true position (bench/photo_verdict.c).
# BENCH_VISION_ARGS passes options, e.g. `--seeds 500000` for synthetic boards nobody has looked
# at (the default seeds are those the reader's numbers were chosen on).
BENCH_VISION_ARGS ?=
bench-vision: configure
	@cmake --build $(BUILD) -j$(JOBS) --target bench_vision
	@$(BUILD)/bench/bench_vision $(BENCH_VISION_ARGS)

# The point classifier (vision/model/): the training data drawn from synthetic boards and the
# photos, then one model per fold of the photos' groups (vision/model/folds/, for the held-out
# figures of bench-vision) and the built-in one, trained on all. Debian's PyTorch, on the CPU,
# one thread each and JOBS of the five at a time (on a shared machine two threads of one
# training wait on each other more than they gain). Deterministic: the same data and seeds give
# the same weights, as long as each training's epochs fit in MODEL_MINUTES (a slower machine
# trains fewer and says so); then the lattice model (model-lattice, below).
MODEL_DATA ?= $(BUILD)/model/patches.bin
MODEL_SYNTHETIC ?= 240
# Boards of each size of hard cases, pale stones on the dim side of a lamp falling off
# (vision_patches --pale); 0 leaves them out, as the built-in weights are trained. 60 (a fifth
# more data, about 24 min) makes the classifier read those stones right through the true
# lattice (the pale row's cnn@true 96.5-98.3% to 99.5-99.9%), but held out it leaves two more
# pale whites empty (marked) on a crowded photo under a coloured lamp.
MODEL_PALE ?= 0
# Each photo again altered this many ways (vision_patches --altered: a coloured lamp, a dim room,
# a webcam, the board turned or seen from lower), cut on its stored lattice carried through. 0,
# as the built-in weights are trained: 2 (half as much data again, 24 min) read the development
# folds' altered photos (--alter, 840) 6 fewer times perfectly, and 14 fewer with the classifier's
# wood overruling the rule's stones (vision/README.md).
MODEL_ALTERED ?= 0
# Boards of each size drawn as the bench's mixed row draws them (vision_patches --mixed: bamboo and
# vinyl boards, glass, slate and yunzi stones, dim rooms, glare), which the other synthetic boards,
# all wood and plain stones, never show. 0, as the built-in weights are trained: 60 (a quarter more
# data) read the mixed row's development boards 197 times perfectly for 192 (refused 140 for 151)
# and the development folds' photos altered twice 660 for 650, but the photos held out 124 of 138
# for 126, and the held-out fold altered once 170 of 264 for 176 (crowds of green stones).
MODEL_MIXED ?= 0
MODEL_FOLDS := 0 1 2 3
MODEL_EPOCHS ?= 4
MODEL_MINUTES ?= 40
MODEL_TRAIN = /usr/bin/python3 vision/model/train.py --data $(MODEL_DATA) --threads 1 \
	--epochs $(MODEL_EPOCHS) --max-minutes $(MODEL_MINUTES)
# Both models' photo patches are cut on the lattices stored here, not on those the reader finds
# today, so that a change to the reader leaves the recipe's weights as they are.
# model-photo-lattices writes the file again from the reader (the photos it reads 97% right or
# better); after that the models' weights change with the data.
# The file names photos, so it lives in bench/ beside the disputed labels, not under vision/.
PHOTO_LATTICES ?= bench/photo_lattices.tsv
model: model-points model-lattice

model-photo-lattices: configure
	@cmake --build $(BUILD) -j$(JOBS) --target vision_patches
	@$(BUILD)/bench/vision_patches --write-lattices $(PHOTO_LATTICES)

model-points: configure
	@scripts/deps.sh python3-torch python3-numpy python3-opencv
	@cmake --build $(BUILD) -j$(JOBS) --target vision_patches
	@mkdir -p $(dir $(MODEL_DATA)) vision/model/folds
	@$(BUILD)/bench/vision_patches $(MODEL_DATA) --synthetic $(MODEL_SYNTHETIC) --pale $(MODEL_PALE) \
		--mixed $(MODEL_MIXED) --altered $(MODEL_ALTERED) --lattices $(PHOTO_LATTICES)
	@$(MAKE) -j$(JOBS) -Otarget $(MODEL_FOLDS:%=model-points-fold%) model-points-all

model-points-fold%:
	@$(MODEL_TRAIN) --exclude-fold $* --out vision/model/folds/fold$*.onnx

model-points-all:
	@$(MODEL_TRAIN) --out vision/model/points.onnx

# The lattice model (vision/model/lattice.onnx, one per fold in vision/model/folds/lattice_fold*):
# patches on a board's points against patches half a cell off, beyond the edge, on the table or
# a cloth and at another cell size, from synthetic boards (plain and in cluttered rooms) and the
# photos by fold. One thread (on a shared machine two threads wait on each other more than they
# gain). Deterministic as the point classifier is, as long as each training's epochs fit in
# LATTICE_MINUTES. Six epochs: at three it is still learning (a random 5% of the patches read
# 95.7% right; six 96.6%) and passes a rendered 19x19 moved a line; at twelve (97.3%) one such
# board passes again. The final check's numbers (FINAL_ in vision/params.h) hold for the weights
# this recipe gives; weights trained otherwise ask them to be measured again (test_vision_final
# and test_vision_evidence are the check).
LATTICE_DATA ?= $(BUILD)/model/lattice.bin
LATTICE_SYNTHETIC ?= 30
# Boards of each size as the mixed row draws them (as MODEL_MIXED). 0, as the built-in weights are
# trained: 30 read the mixed row's development boards 191 times perfectly for 192 (refused 151 as
# before, 7 more silent points).
LATTICE_MIXED ?= 0
LATTICE_EPOCHS ?= 6
LATTICE_MINUTES ?= 8
model-lattice: configure
	@scripts/deps.sh python3-torch python3-numpy python3-opencv
	@cmake --build $(BUILD) -j$(JOBS) --target vision_patches
	@mkdir -p $(dir $(LATTICE_DATA)) vision/model/folds
	@$(BUILD)/bench/vision_patches $(LATTICE_DATA) --lattice --synthetic $(LATTICE_SYNTHETIC) \
		--mixed $(LATTICE_MIXED) --lattices $(PHOTO_LATTICES)
	@for k in $(MODEL_FOLDS); do \
		/usr/bin/python3 vision/model/train.py --task lattice --data $(LATTICE_DATA) \
			--exclude-fold $$k --epochs $(LATTICE_EPOCHS) --max-minutes $(LATTICE_MINUTES) \
			--threads 1 --out vision/model/folds/lattice_fold$$k.onnx || exit 1; done
	@/usr/bin/python3 vision/model/train.py --task lattice --data $(LATTICE_DATA) \
		--epochs $(LATTICE_EPOCHS) --max-minutes $(LATTICE_MINUTES) --threads 1 \
		--out vision/model/lattice.onnx

# The corner model (vision/model/corners.onnx, a refused photo's outline, vision/corners.c): rendered
# boards of every row (half with every nuisance at random) and the photos of folds 0-2, each as it
# is and altered three ways, scaled to the model's input with their lattices' corners; a heat map
# of the corners trained on one thread, deterministic as the others are as long as its epochs fit
# in CORNERS_MINUTES. Not part of `make model`.
CORNERS_DATA ?= $(BUILD)/model/corners.bin
CORNERS_SYNTHETIC ?= 1000
CORNERS_EPOCHS ?= 8
CORNERS_MINUTES ?= 25
model-corners: configure
	@scripts/deps.sh python3-torch python3-numpy python3-opencv
	@cmake --build $(BUILD) -j$(JOBS) --target vision_patches
	@mkdir -p $(dir $(CORNERS_DATA))
	@$(BUILD)/bench/vision_patches --corners $(CORNERS_SYNTHETIC) $(CORNERS_DATA) \
		--lattices $(PHOTO_LATTICES) --altered 3
	@/usr/bin/python3 vision/model/train_corners.py --data $(CORNERS_DATA) --threads 1 --holdout \
		--epochs $(CORNERS_EPOCHS) --max-minutes $(CORNERS_MINUTES) --out vision/model/corners.onnx

# Counting speed, dead-stone suggestion latency and agreement with GNU Go (-v lists the games
# where goref and GNU Go differ: make bench-scoring BENCH_SCORING_ARGS=-v). The agreement is
# reported on the shared corpus (fitted: the suggestion was tuned on it) and, beside it, on
# held-out games GOREF_HELDOUT names: folders made by ../shared/data/gnugo/generate.py with
# another --master-seed, outside the repository, colon-separated, e.g.
#   make bench-scoring GOREF_HELDOUT=/work/gnugo-heldout:/work/gnugo-heldout-small
# (the same as bench_scoring --heldout DIRS). scoring/DIFFERENCES.md is `bench_scoring
# --diagrams` with the same held-out folders.
GOREF_HELDOUT ?=
bench-scoring: configure
	@cmake --build $(BUILD) -j$(JOBS) --target bench_scoring
	@GOREF_HELDOUT="$(GOREF_HELDOUT)" $(BUILD)/bench/bench_scoring $(BENCH_SCORING_ARGS)

# The time to draw a printed count sheet (PNG, A5), the first one with the fonts loading.
bench-sheet: configure
	@cmake --build $(BUILD) -j$(JOBS) --target bench_sheet
	@$(BUILD)/bench/bench_sheet

# The club log at 2,000 members, five years, 50,000 games (the generated database is cached in
# $(BUILD)/bench_club.db; delete it to regenerate).
bench-club: configure
	@cmake --build $(BUILD) -j$(JOBS) --target bench_club
	@$(BUILD)/bench/bench_club

# goref serve under load and abuse: wrk on /api/count, 8 clients uploading 12 MP photos, 1,000
# malformed requests (wrk is installed on first use). BENCH_WRK_SECONDS, BENCH_UPLOAD_SECONDS.
bench-service: configure
	@scripts/deps.sh wrk
	@cmake --build $(BUILD) -j$(JOBS) --target goref bench_service
	@bench/bench_service.sh $(BUILD)

# goref as a whole process: start-up and a small count, which load neither OpenCV nor Pango, and a
# photo read and a printed sheet, which load their modules.
bench-startup: configure
	@cmake --build $(BUILD) -j$(JOBS) --target goref bench_startup
	@$(BUILD)/bench/bench_startup $(BUILD)/goref \
		$(CURDIR)/../shared/data/$$(awk -F'\t' '$$1 == "read_clean" {print $$2}' tests/data/service_photos.tsv)

bench: bench-startup bench-rules bench-vision bench-scoring bench-sheet bench-club bench-service

# libFuzzer on the SGF reader (clang, ASan+UBSan), FUZZ_TIME seconds on one core. New inputs go
# to $(FUZZ_BUILD)/corpus-sgf; the kept corpus tests/fuzz/corpus/sgf seeds it (and is replayed
# by test_sgf_corpus in `make test`).
FUZZ_BUILD ?= build-fuzz
FUZZ_TIME  ?= 600
fuzz-sgf: deps
	@scripts/deps.sh clang libclang-rt-14-dev
	@CC=clang CXX=clang++ cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGOREF_FUZZ=ON -DGOREF_SANITIZE=ON >/dev/null
	@cmake --build $(FUZZ_BUILD) -j$(JOBS) --target fuzz_sgf
	@mkdir -p $(FUZZ_BUILD)/corpus-sgf
	@$(FUZZ_BUILD)/tests/fuzz/fuzz_sgf -max_total_time=$(FUZZ_TIME) -max_len=4096 \
		-dict=tests/fuzz/sgf.dict -print_final_stats=1 $(FUZZ_BUILD)/corpus-sgf tests/fuzz/corpus/sgf

format:
	@clang-format -i $$(git ls-files '*.c' '*.h' '*.cpp')

clean:
	rm -rf $(BUILD) $(TEST_BUILD)
