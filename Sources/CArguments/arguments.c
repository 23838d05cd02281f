/* Swift's standard library, linked statically on Linux, finds argv with a static constructor
   that reads the whole of /proc/self/maps to find the stack and walks it from `environ`
   (ArgvGrabber, stdlib/public/CommandLineSupport/CommandLine.cpp): a fifth of the time before
   main at every start (BENCHMARKS.md change 16). glibc hands argc and argv to each function
   in .init_array, so this file keeps them there, and defines the one function through which
   the library asks for them. The linker then has no reason to take CommandLine.cpp.o, or its
   constructor, from libswiftCore.a.

   Built with a shared standard library (debug builds), the library answers from its own copy
   and this one goes unused. Should a later standard library need CommandLine.cpp.o for
   another symbol, the link fails with a duplicate symbol rather than running either copy
   silently. */

#include <stddef.h>

static int kept_argc;
static char **kept_argv;
static char *no_arguments[] = { NULL };

static void keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    kept_argc = argc;
    kept_argv = argv;
}

__attribute__((section(".init_array"), used))
static void (*const keep_arguments_entry)(int, char **, char **) = keep_arguments;

/* The standard library's declaration: SWIFT_CC(swift) char **(int *outArgLen). Until
   .init_array has run, no arguments, as the library's own answers when it finds none. */
__attribute__((swiftcall, visibility("hidden")))
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (kept_argv == NULL) {
        *outArgLen = 0;
        return no_arguments;
    }
    *outArgLen = kept_argc;
    return kept_argv;
}
