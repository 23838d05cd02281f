// bench-floor-pango: a floor for `make bench`'s resident-memory figure, built by `make bench`
// with the toolchain's clang. The least a C program holds once it has drawn the letters
// page's labels as Clavier does: Pango and Cairo, the system theme's fonts at its size, into
// an image the size of the docked window. It then says "ready" and sleeps until killed.
// In C, so no language runtime and no YAML library is counted.
#include <pango/pangocairo.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
    static const char *labels[] = {
        "q", "w", "e", "r", "t", "y", "u", "i", "o", "p",
        "a", "s", "d", "f", "g", "h", "j", "k", "l",
        "z", "x", "c", "v", "b", "n", "m", "123", "space",
    };
    const int count = sizeof labels / sizeof labels[0];
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1920, 242);
    cairo_t *cr = cairo_create(surface);
    // A private font map, as Clavier's LabelTypesetter makes.
    PangoFontMap *map = pango_cairo_font_map_new();
    PangoContext *context = pango_font_map_create_context(map);
    PangoLayout *layout = pango_layout_new(context);
    PangoFontDescription *font = pango_font_description_from_string("DejaVu Sans, Helvetica, sans-serif");
    pango_font_description_set_absolute_size(font, 26 * PANGO_SCALE);
    pango_layout_set_font_description(layout, font);
    for (int i = 0; i < count; i++) {
        pango_layout_set_text(layout, labels[i], -1);
        cairo_move_to(cr, 10 + (i % 10) * 190, 10 + (i / 10) * 60);
        pango_cairo_show_layout(cr, layout);
    }
    cairo_surface_flush(surface);
    fputs("ready\n", stdout);
    fflush(stdout);
    for (;;) pause();
}
