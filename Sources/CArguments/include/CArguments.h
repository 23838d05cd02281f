#ifndef CLAVIER_ARGUMENTS_H
#define CLAVIER_ARGUMENTS_H
/* Nothing to call: arguments.c only takes the place of the standard library's argv finder
   (see there). The clavier executable depends on this target so that it is linked. */
#endif
