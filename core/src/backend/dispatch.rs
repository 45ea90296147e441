//! The macros that write the seam (`backend::seam`): the per-handle enums (`handles!`),
//! their methods (`forward!`), the constructors' `match` on a context (`in_backend_of!`),
//! and the `match` (`on!`) and driver-only expression (`driver!`) whose driver side
//! disappears on wasm32.
//!
//! The model is wgpu's `dispatch.rs`, which generates its per-handle enums with one
//! `#[cfg]`'d variant per backend from a macro. wgpu then derefs each enum to a trait
//! object of its interface; here every method is generated instead as a `match` that calls
//! the variant's method directly, because both backends are compiled into every native
//! build and a `dyn` call per operation would cost an indirect call on every launch (and
//! the interface traits, generic over the backend, are not object safe).

/// The per-handle enums: a `Driver` variant (compiled out on wasm32) holding the driver
/// backend's handle and a `Sim` variant holding the simulator's, each the handle type its
/// `Backend` (`backend::interface`) names (`shared`: behind an `Arc`, cloned into the
/// handles made from it). Each enum converts `From` either backend's handle, so a forwarder
/// that returns another handle wraps it without naming the backend.
macro_rules! handles {
    ($driver:ty, $sim:ty; $( $(#[$m:meta])* $name:ident $(($shared:ident))? ;)*) => {$(
        $(#[$m])*
        pub(crate) enum $name {
            #[cfg(not(target_arch = "wasm32"))]
            Driver($crate::backend::dispatch::handles!(@ty $driver, $name $($shared)?)),
            Sim($crate::backend::dispatch::handles!(@ty $sim, $name $($shared)?)),
        }

        impl $name {
            /// Whether it is a handle of the simulator.
            #[inline(always)]
            #[allow(dead_code)] // generated for every handle; not every API type asks
            pub fn is_simulated(&self) -> bool {
                matches!(self, $name::Sim(..))
            }
        }

        $crate::backend::dispatch::handles!(@one $driver, $sim, $name $($shared)?; &'a);
        $crate::backend::dispatch::handles!(@one $driver, $sim, $name $($shared)?; &'a mut);
        $crate::backend::dispatch::handles!(@one $driver, $sim, $name $($shared)?;);

        #[cfg(not(target_arch = "wasm32"))]
        impl From<$crate::backend::dispatch::handles!(@ty $driver, $name $($shared)?)> for $name {
            #[inline(always)]
            fn from(handle: $crate::backend::dispatch::handles!(@ty $driver, $name $($shared)?)) -> Self {
                $name::Driver(handle)
            }
        }

        impl From<$crate::backend::dispatch::handles!(@ty $sim, $name $($shared)?)> for $name {
            #[inline(always)]
            fn from(handle: $crate::backend::dispatch::handles!(@ty $sim, $name $($shared)?)) -> Self {
                $name::Sim(handle)
            }
        }
    )*};
    // A handle argument by reference, by mutable reference or by value, seen as one
    // backend's (`OneBackend`).
    (@one $driver:ty, $sim:ty, $name:ident $($shared:ident)?; $($by:tt)*) => {
        impl<'a> $crate::backend::dispatch::OneBackend for $($by)* $name {
            #[cfg(not(target_arch = "wasm32"))]
            type Driver = $($by)* $crate::backend::dispatch::handles!(@ty $driver, $name $($shared)?);
            type Sim = $($by)* $crate::backend::dispatch::handles!(@ty $sim, $name $($shared)?);

            #[cfg(not(target_arch = "wasm32"))]
            #[inline(always)]
            fn in_driver(self) -> Option<<Self as $crate::backend::dispatch::OneBackend>::Driver> {
                match self {
                    $name::Driver(handle) => Some(handle),
                    $name::Sim(_) => None,
                }
            }

            #[inline(always)]
            fn in_sim(self) -> Option<<Self as $crate::backend::dispatch::OneBackend>::Sim> {
                match self {
                    #[cfg(not(target_arch = "wasm32"))]
                    $name::Driver(_) => None,
                    $name::Sim(handle) => Some(handle),
                }
            }
        }
    };
    (@ty $b:ty, $name:ident) => { <$b as $crate::backend::interface::Backend>::$name };
    (@ty $b:ty, $name:ident shared) => {
        ::std::sync::Arc<<$b as $crate::backend::interface::Backend>::$name>
    };
}

/// A `match` over a handle enum whose `Driver` arm exists only where the driver does.
macro_rules! on {
    ($value:expr, $d:pat => $de:expr, $s:pat => $se:expr $(,)?) => {
        match $value {
            #[cfg(not(target_arch = "wasm32"))]
            $d => $de,
            $s => $se,
        }
    };
    // Two handles that must be of one backend; `$mixed` when they are not.
    ($value:expr, $d:pat => $de:expr, $s:pat => $se:expr, mixed => $mixed:expr $(,)?) => {
        match $value {
            #[cfg(not(target_arch = "wasm32"))]
            $d => $de,
            $s => $se,
            #[cfg(not(target_arch = "wasm32"))]
            _ => $mixed,
        }
    };
}

/// A constructor of a handle in the backend of context `$ctx`: the interface's associated
/// function `$handle::$make` of that backend, called with its context and `$args`
/// (`in_backend_of!(ctx, Stream::create())`).
macro_rules! in_backend_of {
    ($ctx:expr, $handle:ident::$make:ident($($arg:expr),* $(,)?)) => {
        match $ctx {
            #[cfg(not(target_arch = "wasm32"))]
            Context::Driver(c) => {
                <<$crate::driver::DriverBackend as $crate::backend::interface::Backend>::$handle>
                    ::$make(c $(, $arg)*).map($handle::Driver)
            }
            Context::Sim(c) => {
                <<$crate::sim::SimBackend as $crate::backend::interface::Backend>::$handle>
                    ::$make(c $(, $arg)*).map($handle::Sim)
            }
        }
    };
}

/// Evaluates a driver-side expression, or (on wasm32, which has no driver) the error that
/// says so.
macro_rules! driver {
    ($e:expr) => {{
        #[cfg(not(target_arch = "wasm32"))]
        {
            $e
        }
        #[cfg(target_arch = "wasm32")]
        {
            Err($crate::backend::dispatch::no_driver())
        }
    }};
}

/// Methods (or associated and free functions) that only the driver has: each calls the
/// driver when its subject is a driver handle and returns the simulator's refusal otherwise
/// (on wasm32, which has no driver, only the refusal remains and the arguments go unused).
///
/// - `where subject: Handle::Driver(h) => body, else refusal;`: `subject` (`self` or a
///   handle argument) decides; `body` sees the driver's handle as `h`.
/// - `selected backend; ... where body, else refusal;`: free functions that ask
///   [`selected`](super::selected) which backend this process runs.
macro_rules! driver_only {
    (selected backend; $(
        $(#[$m:meta])*
        fn $name:ident ($($args:tt)*) -> $ret:ty where $body:expr, else $refused:expr;
    )*) => {$(
        $(#[$m])*
        #[cfg_attr(target_arch = "wasm32", allow(unused_variables))]
        pub fn $name($($args)*) -> $ret {
            match $crate::backend::selected()?.kind {
                $crate::backend::BackendKind::Driver => $crate::backend::dispatch::driver!($body),
                $crate::backend::BackendKind::Sim => Err($refused),
            }
        }
    )*};
    ($(
        $(#[$m:meta])*
        fn $name:ident ($($args:tt)*) -> $ret:ty
            where $subject:ident: $handle:ident::Driver($h:pat) => $body:expr, else $refused:expr;
    )*) => {$(
        $(#[$m])*
        #[cfg_attr(target_arch = "wasm32", allow(unused_variables))]
        pub fn $name($($args)*) -> $ret {
            match $subject {
                #[cfg(not(target_arch = "wasm32"))]
                $handle::Driver($h) => $body,
                $handle::Sim(_) => Err($refused),
            }
        }
    )*};
}

/// A handle argument (by reference, by mutable reference or by value), or an optional one,
/// seen as one backend's: `None` when it is the other backend's (`Some(None)` for an absent
/// optional handle, which any backend takes).
pub(crate) trait OneBackend: Sized {
    #[cfg(not(target_arch = "wasm32"))]
    type Driver;
    type Sim;
    #[cfg(not(target_arch = "wasm32"))]
    fn in_driver(self) -> Option<Self::Driver>;
    fn in_sim(self) -> Option<Self::Sim>;
}

impl<T: OneBackend> OneBackend for Option<T> {
    #[cfg(not(target_arch = "wasm32"))]
    type Driver = Option<T::Driver>;
    type Sim = Option<T::Sim>;

    #[cfg(not(target_arch = "wasm32"))]
    #[inline(always)]
    fn in_driver(self) -> Option<Self::Driver> {
        self.map_or(Some(None), |h| h.in_driver().map(Some))
    }

    #[inline(always)]
    fn in_sim(self) -> Option<Self::Sim> {
        self.map_or(Some(None), |h| h.in_sim().map(Some))
    }
}

/// Methods of one handle enum that forward to the method of the same name of whichever
/// backend's handle it holds, with the same arguments: one line per method, its signature
/// (the interface trait documents what each does).
///
/// - `=> f` after the return type: the method returns backend handles inside a `Result`,
///   and `f` maps the `Ok` value into the seam's enums (`=> Graph::from` for a
///   `Result<Graph>`; the enums convert `From` either backend's handle).
/// - `, same backend as a, b else e`: arguments `a` and `b` are handles too (or optional
///   handles), which must be of the handle's backend; each is passed on as that backend's
///   handle, and the method returns `e` when one is not (`Err(mixed("the two graphs"))`).
///
/// The constructors, which pick a backend, are written by hand in `seam.rs`.
macro_rules! forward {
    ($handle:ident {
        $(
            $(#[$m:meta])*
            fn $method:ident $(<$g:ident: $bound:path>)? (&self $(, $arg:ident: $ty:ty)* $(,)?)
                -> $ret:ty
                $(=> $wrap:expr)?
                $(, same backend as $($other:ident),+ else $mixed:expr)?;
        )*
    }) => {
        impl $handle {$(
            $(#[$m])*
            pub fn $method $(<$g: $bound>)? (&self $(, $arg: $ty)*) -> $ret {
                match self {
                    #[cfg(not(target_arch = "wasm32"))]
                    $handle::Driver(h) => {
                        $($(
                            let Some($other) = $crate::backend::dispatch::OneBackend::in_driver($other)
                            else { return $mixed };
                        )+)?
                        h.$method($($arg),*) $(.map($wrap))?
                    }
                    $handle::Sim(h) => {
                        $($(
                            let Some($other) = $crate::backend::dispatch::OneBackend::in_sim($other)
                            else { return $mixed };
                        )+)?
                        h.$method($($arg),*) $(.map($wrap))?
                    }
                }
            }
        )*}
    };
}

/// The error a driver-only call meets on wasm32.
#[cfg(target_arch = "wasm32")]
pub(super) fn no_driver() -> crate::error::Error {
    crate::error::Error::BackendUnavailable(
        "WebAssembly has no CUDA driver; this build runs on the simulator".to_string(),
    )
}

pub(crate) use {driver, driver_only, forward, handles, in_backend_of, on};
