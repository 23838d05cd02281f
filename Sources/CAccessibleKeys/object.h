/* One object of the accessible keys as a method call sees it (objects.c), and the calls of
   the Component and Action interfaces (object_calls.c). */
#ifndef CLAVIER_ACCESSIBLE_OBJECT_H
#define CLAVIER_ACCESSIBLE_OBJECT_H

#include "server.h"

enum kind { NONE, ROOT, WINDOW, KEY };

/* An object as a method sees it: a copy of what it needs, taken under the lock. */
struct object {
    enum kind kind;
    unsigned generation;
    int index;       /* KEY: its index; -1 when it is gone (another generation) */
    int count;       /* WINDOW: how many keys */
    int x, y, width, height, shown, state;
    int window_x, window_y;
    char name[256], id[128];
};

#define ACCESSIBLE "org.a11y.atspi.Accessible"
#define IS(name) (strcmp(method, name) == 0)

/* What `path` names: KEY with its generation and index. */
enum kind accessible_kind_of(const char *path, unsigned *generation, int *index);
/* A reference, (so), to this application's object at `path`, or to key `index` of `generation`. */
GVariant *accessible_reference(const char *path);
GVariant *accessible_key_reference(unsigned generation, int index);
/* The object's AT-SPI states, `au`. */
GVariant *accessible_states(const struct object *object);
/* The calls of org.a11y.atspi.Component and org.a11y.atspi.Action; NULL: not served. */
GVariant *accessible_component_call(const struct object *object, const char *method, GVariant *parameters);
GVariant *accessible_action_call(const struct object *object, const char *method, GVariant *parameters);

#endif
