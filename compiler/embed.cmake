# embed.cmake — turns a text file into a C file defining one string:
#   cmake -DINPUT=fp64.metal -DOUTPUT=fp64_prelude.c -DNAME=msl_fp64_prelude -P embed.cmake
file(READ ${INPUT} text)
string(REPLACE "\\" "\\\\" text "${text}")
string(REPLACE "\"" "\\\"" text "${text}")
string(REPLACE "\n" "\\n\"\n  \"" text "${text}")
get_filename_component(source ${INPUT} NAME)
file(WRITE ${OUTPUT} "/* Generated from ${source} by embed.cmake. Do not edit. */\n")
file(APPEND ${OUTPUT} "const char ${NAME}[] =\n  \"${text}\";\n")
