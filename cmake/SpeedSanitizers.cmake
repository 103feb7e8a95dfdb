# The sanitizer build of `make test`: every target, every test, ASan + UBSan.
if(SPEED_SANITIZE)
  # -g1: line tables only, all a sanitizer's report needs (function, file and line); full
  # debug information made the tree's compiling and linking markedly slower.
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined -g1)
  add_link_options(-fsanitize=address,undefined)
endif()
