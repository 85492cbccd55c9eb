# The HTTP service (`goref serve`), included from service/CMakeLists.txt after the goref target.
# go_http is a library so that the API tests start the server in-process. The files of web/
# are embedded at build time (http_embed.cmake): the server's whitelist of static files.
pkg_check_modules(GO_HTTP_DEPS REQUIRED IMPORTED_TARGET libmicrohttpd jansson libsodium sqlite3)

set(GO_HTTP_WEB ${CMAKE_SOURCE_DIR}/web)
file(GLOB GO_HTTP_WEB_FILES CONFIGURE_DEPENDS LIST_DIRECTORIES false RELATIVE ${GO_HTTP_WEB}
     ${GO_HTTP_WEB}/*.html ${GO_HTTP_WEB}/*.css ${GO_HTTP_WEB}/*.js ${GO_HTTP_WEB}/*.svg
     ${GO_HTTP_WEB}/*.png ${GO_HTTP_WEB}/*.ico ${GO_HTTP_WEB}/*.webmanifest)
list(SORT GO_HTTP_WEB_FILES)
set(GO_HTTP_WEB_DEPS "")
foreach(f IN LISTS GO_HTTP_WEB_FILES)
  list(APPEND GO_HTTP_WEB_DEPS ${GO_HTTP_WEB}/${f})
endforeach()
string(REPLACE ";" "|" GO_HTTP_WEB_ARG "${GO_HTTP_WEB_FILES}")
add_custom_command(
  OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/http_assets.c
  COMMAND ${CMAKE_COMMAND} -DWEB_DIR=${GO_HTTP_WEB} -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/http_assets.c
          -DFILES=${GO_HTTP_WEB_ARG} -P ${CMAKE_CURRENT_SOURCE_DIR}/http_embed.cmake
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/http_embed.cmake ${GO_HTTP_WEB_DEPS}
  COMMENT "Embedding web/ into the goref binary"
  VERBATIM)

add_library(go_http STATIC
  http_server.c
  http_auth.c
  http_json.c
  http_static.c
  http_multipart.c
  ${CMAKE_CURRENT_BINARY_DIR}/http_assets.c
)
target_include_directories(go_http PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
target_compile_definitions(go_http PRIVATE GOREF_VERSION="${PROJECT_VERSION}")
target_link_libraries(go_http PUBLIC go_rules PkgConfig::GO_HTTP_DEPS Threads::Threads m)
# go_adapters: the go_err -> error name table is shared with the CLI (json_error.c).
target_link_libraries(go_http PUBLIC go_adapters)
# Each module's endpoints join when that module exists; otherwise they answer 501.
if(TARGET go_scoring)
  target_sources(go_http PRIVATE http_score.c)
  target_compile_definitions(go_http PRIVATE GOREF_HAVE_SCORING)
  target_link_libraries(go_http PUBLIC go_scoring)
endif()
if(TARGET go_vision AND TARGET go_scoring AND EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/http_vision.c)
  target_sources(go_http PRIVATE http_vision.c)
  target_link_libraries(go_http PUBLIC go_adapters)
  target_compile_definitions(go_http PRIVATE GOREF_HAVE_VISION)
  target_link_libraries(go_http PUBLIC go_vision)
endif()
if(TARGET go_club AND EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/http_club.c)
  target_sources(go_http PRIVATE http_club.c)
  target_link_libraries(go_http PUBLIC go_adapters)
  target_compile_definitions(go_http PRIVATE GOREF_HAVE_CLUB)
  target_link_libraries(go_http PUBLIC go_club)
endif()

target_sources(goref PRIVATE cmd_serve.c)
target_link_libraries(goref PRIVATE go_http)
