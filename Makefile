# The README's two commands. Each installs what is missing (Debian packages), builds, then
# plays or tests. Works on a fresh Debian 12 machine as root (or with sudo).

BUILD       ?= build/release
ASAN_BUILD  ?= build/asan
FUZZ_BUILD  ?= build/fuzz
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := decoder host_session client_session discovery settings
JOBS        ?= $(shell nproc)
PROCESS_JOBS ?= 6  # the process tests mostly wait: more of them at once than there are cores
SANITIZED_JOBS ?= 4 # the sanitizer run: the suites are busy, its whole programs mostly wait
CTEST_FLAGS ?= --output-on-failure --timeout 300
SANITIZER_LOG := build/sanitizer-build.log

DEBIAN_PACKAGES := cmake g++ make pkg-config \
	libasio-dev libsfml-dev libspdlog-dev catch2 libimgui-dev libinih-dev libcli11-dev \
	nlohmann-json3-dev libsodium-dev libisal-dev libsqlite3-dev clang libclang-rt-14-dev \
	librsvg2-dev gnome-cards-data kdegames-card-data-kf5 \
	fonts-dejavu-core fonts-ipafont-gothic fonts-noto-cjk xvfb xauth xdotool x11-utils libxtst-dev iproute2 python3 \
	libavahi-client-dev avahi-daemon avahi-utils dbus-daemon \
	desktop-file-utils appstream librsvg2-bin man-db groff-base

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play test bench deps build build-asan build-fuzz fuzz unit install uninstall deb package-test clean

# The window with no flags: setup.ini decides (join its peer, else host and wait).
play: build
	$(BUILD)/client/speed

# Each test runs once, where it means most. The optimized tree runs the process tests (real
# programs on the network, attacks, the window under Xvfb, the layering, and those labelled
# `long`: processes killed, frozen and restarted, a soak through the relay) but those the
# sanitizer tree runs (label `sanitized`). They mostly wait on programs that play at a human's
# pace, so PROCESS_JOBS of them run at once, the longest first. Meanwhile the sanitizer and fuzz
# trees compile at low priority and take what processor the tests leave. Once the tests are
# done, whatever is left of those trees compiles at normal priority (beside other busy programs,
# the low one would starve). Then the sanitizer tree runs the unit suites and a few whole
# matches (label `sanitized`), and the fuzz targets run over their corpus.
test: build
	@echo "Compiling the sanitizer and fuzz trees in the background (log: $(SANITIZER_LOG))"
	@setsid -w sh -c 'echo $$$$ > $(SANITIZER_LOG).pgid; exec nice -n 15 $(MAKE) --no-print-directory build-asan build-fuzz' \
	    > $(SANITIZER_LOG) 2>&1 & builds=$$!; \
	(cd $(BUILD) && ctest $(CTEST_FLAGS) -j $(PROCESS_JOBS) -LE "manual-bench|unit|sanitized"); tested=$$?; \
	if kill -0 $$builds 2>/dev/null; then \
	    echo "The process tests are done: the sanitizer and fuzz trees finish at normal priority"; \
	    kill -TERM -$$(cat $(SANITIZER_LOG).pgid) 2>/dev/null; wait $$builds; \
	    $(MAKE) --no-print-directory build-asan build-fuzz >> $(SANITIZER_LOG) 2>&1; built=$$?; \
	else \
	    wait $$builds; built=$$?; \
	fi; \
	if [ $$built = 0 ]; then echo "The sanitizer and fuzz trees are built."; else cat $(SANITIZER_LOG); fi; \
	[ $$tested = 0 ] && [ $$built = 0 ]
	cd $(ASAN_BUILD) && ctest $(CTEST_FLAGS) -j $(SANITIZED_JOBS) -L sanitized
	cd $(FUZZ_BUILD) && ctest $(CTEST_FLAGS) -j $(JOBS)

# The unit suites alone, under the sanitizers (as make test runs them).
unit: build-asan
	cd $(ASAN_BUILD) && ctest $(CTEST_FLAGS) -j $(JOBS) -L unit

# Every benchmark, each printing its figures: the CPU ladder (make test runs it too: it plays in
# virtual time) and those labelled manual-bench (the measuring tool against a C ping-pong, the
# journal's and a password's cost, coming back after kill -9, the window's frame and input costs,
# fair races, the simulator's games per CPU second, a paced stream's sender beside iperf3's), about
# a quarter of an hour.
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

# The optimized tree: the programs and their process tests (the unit suites run in the sanitizer
# tree; configure another tree with -DSPEED_UNIT_TESTS=ON, the default, to run them optimized).
build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DSPEED_UNIT_TESTS=OFF
	cmake --build $(BUILD) -j $(JOBS)

# The sanitizer tree is compiled by clang: at -O0 with ASan and UBSan it takes half GCC's time,
# and a second compiler's warnings besides the optimized tree's GCC. Only what its tests run.
build-asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSPEED_SANITIZE=ON \
	    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++
	cmake --build $(ASAN_BUILD) -j $(JOBS) --target speed_sanitized_run

# libFuzzer needs clang: only the layers that read untrusted bytes, and the fuzz targets.
build-fuzz: deps
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPEED_FUZZ=ON \
	    -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++
	cmake --build $(FUZZ_BUILD) -j $(JOBS)

# The programs, desktop entry, icons, metadata, manual pages and docs under PREFIX (DESTDIR stages
# them elsewhere); uninstall removes exactly what the last install recorded in $(BUILD).
PREFIX ?= /usr/local
install: build
	DESTDIR="$(DESTDIR)" sh cmake/install_tree.sh install $(BUILD) $(PREFIX)

uninstall:
	DESTDIR="$(DESTDIR)" sh cmake/install_tree.sh uninstall $(BUILD) $(PREFIX)

# A Debian package of the programs (dpkg-buildpackage with debhelper: the dependencies computed by
# dh_shlibdeps, the data packages named in debian/control), moved into build/deb, then lintian.
PACKAGE_TOOLS := debhelper dpkg-dev fakeroot lintian debootstrap
deb: deps
	@missing=$$(for p in $(PACKAGE_TOOLS); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	dpkg-buildpackage -us -uc -b -j$(JOBS)
	mkdir -p build/deb && mv ../speed_*.deb ../speed-dbgsym_*.deb ../speed_*.buildinfo ../speed_*.changes build/deb/
	debian/rules clean >/dev/null
	lintian --info --display-info build/deb/speed_*.changes; status=$$?; ls -l build/deb/*.deb; exit $$status

# The package installed on a minimal Debian 12 root (debootstrap) and run there: root, minutes.
package-test: deb
	tests/package/package_test.sh $$(ls -t build/deb/speed_*.deb | head -n 1)

clean:
	rm -rf build
