//! How often WebKitGTK's web process measures its own memory.
//!
//! The web process checks its memory footprint against WebKit's limits
//! (it starts dropping caches at a third of the machine's memory, counted
//! as 3 GB at most) every 30 seconds, by reading the whole of
//! `/proc/self/smaps`: about a thousand reads and a walk over every
//! resident page, some 25 ms of CPU each time. On an app left open that is
//! the only work the page's process does, about 0.05 s of CPU a minute,
//! all of it spent learning that a 170 MB page is nowhere near a limit of
//! gigabytes. [`stretch_self_check`] makes it every
//! [`SELF_CHECK_INTERVAL_S`] instead; a shortage of memory on the whole
//! system still reaches the page through WebKit's own watcher of the
//! system's memory, which runs in the app process.
//!
//! The interval belongs to the web context's construct-only
//! `memory-pressure-settings`, and the context is built inside the
//! webview library, which sets no such property. So the web context
//! class's `constructor` is wrapped (a GObject class's constructor is a
//! replaceable function pointer): when a context is built with no memory
//! settings of its own, it is given ours. Elsewhere than Linux this does
//! nothing: the other systems' web views do not poll like this.

/// Seconds between two checks of the web process's own memory (WebKit's
/// default: 30).
pub const SELF_CHECK_INTERVAL_S: f64 = 600.0;

/// Make web contexts built from now on check their web processes' memory
/// every [`SELF_CHECK_INTERVAL_S`]. Call on the main thread before the
/// first webview is created; calling it again changes nothing.
pub fn stretch_self_check() {
    #[cfg(target_os = "linux")]
    linux::wrap_constructor();
}

/// How many web contexts have been given our memory settings so far.
pub fn contexts_stretched() -> usize {
    STRETCHED.load(std::sync::atomic::Ordering::Relaxed)
}

static STRETCHED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

#[cfg(target_os = "linux")]
mod linux {
    use super::{SELF_CHECK_INTERVAL_S, STRETCHED};
    use std::ffi::CStr;
    use std::sync::OnceLock;
    use webkit2gtk::ffi as wk;
    use webkit2gtk::glib::gobject_ffi as gobject;

    type Constructor = unsafe extern "C" fn(
        webkit2gtk::glib::ffi::GType,
        u32,
        *mut gobject::GObjectConstructParam,
    ) -> *mut gobject::GObject;

    /// The class's own constructor, which ours calls.
    static ORIGINAL: OnceLock<Constructor> = OnceLock::new();

    const PROPERTY: &CStr = c"memory-pressure-settings";

    pub fn wrap_constructor() {
        // SAFETY: the class reference is taken and kept for the life of
        // the process (a class is never finalised while referenced), and
        // its constructor slot is replaced on the main thread before any
        // web context exists, so no construction races the swap.
        unsafe {
            let class = gobject::g_type_class_ref(wk::webkit_web_context_get_type())
                as *mut gobject::GObjectClass;
            if class.is_null() {
                return;
            }
            if let Some(original) = (*class).constructor {
                if ORIGINAL.set(original).is_ok() {
                    (*class).constructor = Some(construct);
                }
            }
        }
    }

    /// The web context's constructor with our memory settings filled in
    /// where the builder left the property unset.
    unsafe extern "C" fn construct(
        gtype: webkit2gtk::glib::ffi::GType,
        n: u32,
        params: *mut gobject::GObjectConstructParam,
    ) -> *mut gobject::GObject {
        // SAFETY: GObject hands the constructor `n` initialised construct
        // parameters, each naming its property; the property is a boxed
        // `WebKitMemoryPressureSettings`, and `g_value_set_boxed` copies
        // the settings into the value (GObject frees it after
        // construction), so ours are freed here. Plain C calls only: a
        // panic cannot cross this function.
        unsafe {
            if !params.is_null() {
                let params = std::slice::from_raw_parts_mut(params, n as usize);
                for param in params {
                    let name = CStr::from_ptr(gobject::g_param_spec_get_name(param.pspec));
                    if name == PROPERTY && gobject::g_value_get_boxed(param.value).is_null() {
                        let settings = wk::webkit_memory_pressure_settings_new();
                        wk::webkit_memory_pressure_settings_set_poll_interval(
                            settings,
                            SELF_CHECK_INTERVAL_S,
                        );
                        gobject::g_value_set_boxed(param.value, settings.cast());
                        wk::webkit_memory_pressure_settings_free(settings);
                        STRETCHED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            }
            match ORIGINAL.get() {
                Some(original) => original(gtype, n, params),
                None => std::ptr::null_mut(),
            }
        }
    }
}
