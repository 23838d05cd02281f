// bench-floor: floors for `make bench`'s resident-memory figure. The least a Swift program
// holds, linked as `make release` links Clavier (the runtime inside), once it has read a layout
// with Clavier's own reader (ClavierLayouts, on the system's libyaml); with `--draw`, once it has also drawn the
// letters page's labels as Clavier does (Pango and Cairo, loaded the way Clavier loads them,
// the system theme's fonts at its size, into an image the size of the docked window); with
// `--window`, once it has also put that image in a window of its own on $DISPLAY (Xlib, as
// Clavier links it: the least an X11 keyboard that draws with Pango holds). It then says
// "ready" and sleeps until killed.
import ClavierLayouts
import CPangoCairo
import CX11
import Glibc

func fail(_ message: String, status: Int32) -> Never {
    let line = Array("bench-floor: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

/// The letters page's labels (the rest of its keys are drawn icons), in rows as the page has them.
func drawLabels() -> OpaquePointer {
    let labels = ["q", "w", "e", "r", "t", "y", "u", "i", "o", "p", "a", "s", "d", "f", "g", "h", "j", "k", "l",
                  "z", "x", "c", "v", "b", "n", "m", "123", "space"]
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1920, 242), let cr = cairo_create(surface),
          let map = pango_cairo_font_map_new(), let context = pango_font_map_create_context(map),
          let layout = pango_layout_new(context),
          let font = pango_font_description_from_string("DejaVu Sans, Helvetica, sans-serif") else {
        fail("Cairo or Pango failed", status: 1)
    }
    pango_font_description_set_absolute_size(font, Double(26 * PANGO_SCALE))
    pango_layout_set_font_description(layout, font)
    for (i, label) in labels.enumerated() {
        pango_layout_set_text(layout, label, -1)
        cairo_move_to(cr, Double(10 + (i % 10) * 190), Double(10 + (i / 10) * 60))
        pango_cairo_show_layout(cr, layout)
    }
    cairo_surface_flush(surface)
    return surface
}

/// Shows the 1920×242 ARGB image `surface` in a window of its own (`XCreateSimpleWindow`,
/// `XPutImage`), and waits until the server has it.
func showInWindow(_ surface: OpaquePointer) {
    guard let display = XOpenDisplay(nil) else { fail("cannot open the X display", status: 1) }
    let root = clavier_root_window(display)
    let window = XCreateSimpleWindow(display, root, 0, 838, 1920, 242, 0, 0, 0)
    XMapWindow(display, window)
    let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface))!.assumingMemoryBound(to: CChar.self)
    guard let image = XCreateImage(display, clavier_default_visual(display), UInt32(clavier_default_depth(display)), ZPixmap, 0,
                                   data, 1920, 242, 32, cairo_image_surface_get_stride(surface)) else {
        fail("XCreateImage failed", status: 1)
    }
    XPutImage(display, window, XDefaultGC(display, clavier_default_screen(display)), image, 0, 0, 0, 0, 1920, 242)
    XSync(display, 0)
}

let argc = Int(CommandLine.argc)
let arguments = (0..<argc).map { String(cString: CommandLine.unsafeArgv[$0]!) }
guard argc == 2 || (argc == 3 && ["--draw", "--window"].contains(arguments[2])) else {
    fail("usage: bench-floor LAYOUT.yaml [--draw | --window]", status: 2)
}
guard let text = PlainFiles.text(arguments[1]) else { fail("cannot read \(arguments[1])", status: 1) }
do {
    let layout = try LayoutFile.parse(text, id: "floor", file: arguments[1])
    if argc == 3 {
        let surface = drawLabels()
        if arguments[2] == "--window" { showInWindow(surface) }
    }
    print("ready: \(layout.pages.count) pages")
} catch {
    fail("\(error)", status: 1)
}
fflush(nil)
while true { pause() }
