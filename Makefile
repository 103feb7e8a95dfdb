# The README's two commands. Each installs what is missing (Debian packages), builds, then
# plays or tests. Works on a fresh Debian 12 machine as root (or with sudo).

BUILD       ?= build/release
ASAN_BUILD  ?= build/asan
FUZZ_BUILD  ?= build/fuzz
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := decoder host_session client_session settings
JOBS        ?= $(shell nproc)
LONG_JOBS   ?= 6   # the long tests mostly wait: more of them at once than there are cores
CTEST_FLAGS ?= --output-on-failure --timeout 300

DEBIAN_PACKAGES := cmake g++ make pkg-config \
	libasio-dev libsfml-dev libspdlog-dev catch2 libimgui-dev libinih-dev libcli11-dev \
	nlohmann-json3-dev libsodium-dev libisal-dev libsqlite3-dev clang libclang-rt-14-dev \
	fonts-dejavu-core fonts-ipafont-gothic xvfb xauth xdotool libxtst-dev iproute2 python3

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play test bench deps build build-asan build-fuzz fuzz unit clean

# The window with no flags: setup.ini decides (join its peer, else host and wait; SPEC 4).
play: build
	$(BUILD)/client/speed

# The tests labelled `long` (processes killed, frozen and restarted; a soak through the relay)
# mostly wait on bots that play at a human's pace: they run while the sanitizer and fuzz builds
# compile, and their log is printed when both are done. The sanitizer run leaves out the
# benchmarks, the resume tests (the protocol tests play the same cases in virtual time) and the
# long soak through the relay (the simulator's hostile-network games run under it instead).
test: build
	cd $(BUILD) && ctest $(CTEST_FLAGS) -j $(JOBS) -LE "long|manual-bench"
	@(cd $(BUILD) && ctest $(CTEST_FLAGS) -j $(LONG_JOBS) -L long) > $(BUILD)/long-tests.log 2>&1 & long=$$!; \
	$(MAKE) --no-print-directory build-asan build-fuzz; built=$$?; \
	wait $$long; passed=$$?; cat $(BUILD)/long-tests.log; \
	[ $$built = 0 ] && [ $$passed = 0 ]
	cd $(ASAN_BUILD) && ctest $(CTEST_FLAGS) -j $(JOBS) -LE "bench|resume|long"
	cd $(FUZZ_BUILD) && ctest $(CTEST_FLAGS) -j $(JOBS)

# Every benchmark, each printing its figures: those of make test and the longer ones (label
# manual-bench: the window's two, a password's cost, fair races), about seven minutes more.
bench: build
	cd $(BUILD) && ctest $(CTEST_FLAGS) -L "bench" -V

# Each libFuzzer target for FUZZ_SECONDS (60) over its committed corpus; what it finds new is
# kept in $(FUZZ_BUILD)/found/<target> (copy the useful ones into tests/fuzz/corpus/<target>).
fuzz: build-fuzz
	@for target in $(FUZZ_TARGETS); do \
	    echo "== fuzz_$$target for $(FUZZ_SECONDS) s"; \
	    mkdir -p $(FUZZ_BUILD)/found/$$target; \
	    $(FUZZ_BUILD)/tests/fuzz/fuzz_$$target -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	        -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/crash-$$target- \
	        $(FUZZ_BUILD)/found/$$target tests/fuzz/corpus/$$target || exit 1; \
	done

# Installs only what dpkg says is missing, non-interactively.
deps:
	@missing=$$(for p in $(DEBIAN_PACKAGES); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	    echo "Installing missing Debian packages:" $$missing; \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD) -j $(JOBS)

build-asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSPEED_SANITIZE=ON
	cmake --build $(ASAN_BUILD) -j $(JOBS)

# libFuzzer needs clang: only the layers that read untrusted bytes, and the fuzz targets.
build-fuzz: deps
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPEED_FUZZ=ON \
	    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++
	cmake --build $(FUZZ_BUILD) -j $(JOBS)

clean:
	rm -rf build
