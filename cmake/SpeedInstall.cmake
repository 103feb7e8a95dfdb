# What `cmake --install` (and `make install`) puts under the prefix, besides the four programs
# (each program's CMakeLists installs its own): the desktop entry, the icons, the AppStream
# metadata, the manual pages and the documentation. Everything a program needs at run time is
# compiled in or found through the system (fontconfig, the XDG folders, Debian's decks): nothing
# is looked up beside the binary.
include(GNUInstallDirs)

# One name for the desktop entry, the metadata and the icons (the desktop finds each by it).
set(SPEED_APP_ID io.github.speed_card_game.Speed)

if(SPEED_BUILD_CLIENT)
  install(FILES ${PROJECT_SOURCE_DIR}/assets/desktop/${SPEED_APP_ID}.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${PROJECT_SOURCE_DIR}/assets/desktop/${SPEED_APP_ID}.metainfo.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)

  # The icon: the SVG as it is, and the PNG sizes the hicolor theme expects, drawn from it at
  # build time (rsvg-convert, librsvg2-bin).
  set(icon_svg ${PROJECT_SOURCE_DIR}/assets/icons/speed.svg)
  set(icon_theme ${CMAKE_INSTALL_DATADIR}/icons/hicolor)
  install(FILES ${icon_svg} DESTINATION ${icon_theme}/scalable/apps RENAME ${SPEED_APP_ID}.svg)
  find_program(RSVG_CONVERT rsvg-convert)
  if(RSVG_CONVERT)
    set(icon_pngs "")
    foreach(size 16 32 48 64 128 256)
      set(png ${PROJECT_BINARY_DIR}/icons/${size}x${size}/${SPEED_APP_ID}.png)
      add_custom_command(OUTPUT ${png}
                         COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/icons/${size}x${size}
                         COMMAND ${RSVG_CONVERT} --width ${size} --height ${size} --output ${png} ${icon_svg}
                         DEPENDS ${icon_svg}
                         COMMENT "Drawing the ${size}x${size} icon"
                         VERBATIM)
      list(APPEND icon_pngs ${png})
      install(FILES ${png} DESTINATION ${icon_theme}/${size}x${size}/apps)
    endforeach()
    add_custom_target(speed_icons ALL DEPENDS ${icon_pngs})
  else()
    message(WARNING "rsvg-convert not found (Debian: librsvg2-bin): only the scalable icon is installed")
  endif()
endif()

# The manual pages, hand-written troff: the games in section 6, the tools in section 1.
set(man_pages speed-server.6 speed-measure.1 speed-relay.1)
if(SPEED_BUILD_CLIENT)
  list(APPEND man_pages speed.6)
endif()
foreach(page ${man_pages})
  string(REGEX REPLACE ".*\\.([0-9])$" "\\1" section ${page})
  install(FILES ${PROJECT_SOURCE_DIR}/docs/man/${page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man${section})
endforeach()

# The documentation, and setup.ini as an example of every key.
file(GLOB doc_pages ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${doc_pages} ${PROJECT_SOURCE_DIR}/setup.ini
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
