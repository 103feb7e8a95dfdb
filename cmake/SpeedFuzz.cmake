# The fuzz build (-DSPEED_FUZZ=ON, clang only): the layers that read untrusted bytes, built with
# libFuzzer's coverage and ASan + UBSan; the targets themselves are in tests/fuzz.
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "SPEED_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang")
endif()
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined -g)
add_link_options(-fsanitize=address,undefined)
