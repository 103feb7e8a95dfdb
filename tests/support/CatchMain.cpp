// The one Catch2 main of every test executable: compiled once, linked into each (the runner is
// the slowest part of Catch2 to build).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
