import CX11

extension Display {
    /// Names `window` for people and programs: `WM_NAME` `title`, `WM_CLASS` `clavier` and
    /// `windowClass` (each of Clavier's windows has a class of its own, so what looks for the
    /// keyboard by its class never finds the show button or the tray icon).
    func name(_ window: Window, title: String, windowClass: String) {
        XStoreName(raw, window, title)
        "clavier".withCString { instance in
            windowClass.withCString { klass in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: instance),
                                      res_class: UnsafeMutablePointer(mutating: klass))
                XSetClassHint(raw, window, &hint)
            }
        }
    }

    /// input=False: the window manager never gives `window` the focus, so typing keeps going
    /// to the window the user was typing in.
    func neverFocus(_ window: Window) {
        var wmHints = XWMHints()
        wmHints.flags = InputHint | StateHint
        wmHints.input = 0
        wmHints.initial_state = NormalState
        XSetWMHints(raw, window, &wmHints)
    }
}
