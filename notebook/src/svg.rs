//! The SVG drawing backend the charts use: plotters' `SVGBackend` with text measured by a
//! fixed estimate instead of fonts.
//!
//! plotters measures text (to place captions, tick labels and legends) through its font
//! layer, which natively (without its `ttf` feature) is an estimate from the character count,
//! but on `wasm32-unknown-unknown` asks the browser's DOM: that fails in a Web Worker and in
//! Node, where there is no `window`. This backend answers every measurement with the native
//! estimate, so a chart is laid out the same on every target and needs no DOM.

use plotters::prelude::SVGBackend;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};

/// `SVGBackend` with DOM-free text measurement.
pub struct Svg<'a>(SVGBackend<'a>);

impl<'a> Svg<'a> {
    /// Draws into `out`, `size` pixels wide and high.
    pub fn with_string(out: &'a mut String, size: (u32, u32)) -> Self {
        Svg(SVGBackend::with_string(out, size))
    }
}

/// Width and height of `text` at `size` pixels: plotters' own estimate for targets without
/// font support (0.7 em per character; `size / 1.24²` per em).
fn estimate(text: &str, size: f64) -> (u32, u32) {
    let em = size / 1.24 / 1.24;
    let width = (em * 0.7 * text.chars().count() as f64).round();
    let height = (em * 1.24).round();
    (width.max(0.0) as u32, height.max(0.0) as u32)
}

type Res<E> = Result<(), DrawingErrorKind<E>>;

impl DrawingBackend for Svg<'_> {
    type ErrorType = <SVGBackend<'static> as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.0.get_size()
    }

    fn ensure_prepared(&mut self) -> Res<Self::ErrorType> {
        self.0.ensure_prepared()
    }

    fn present(&mut self) -> Res<Self::ErrorType> {
        self.0.present()
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Res<Self::ErrorType> {
        self.0.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Res<Self::ErrorType> {
        self.0.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Res<Self::ErrorType> {
        self.0.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Res<Self::ErrorType> {
        self.0.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Res<Self::ErrorType> {
        self.0.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Res<Self::ErrorType> {
        self.0.fill_polygon(vert, style)
    }

    fn draw_text<T: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &T,
        pos: BackendCoord,
    ) -> Res<Self::ErrorType> {
        self.0.draw_text(text, style, pos)
    }

    fn estimate_text_size<T: BackendTextStyle>(
        &self,
        text: &str,
        style: &T,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        Ok(estimate(text, style.size()))
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        (w, h): (u32, u32),
        src: &[u8],
    ) -> Res<Self::ErrorType> {
        self.0.blit_bitmap(pos, (w, h), src)
    }
}

#[cfg(test)]
mod tests {
    use super::estimate;

    #[test]
    fn estimate_grows_with_text_and_size() {
        assert_eq!(estimate("", 12.0), (0, 10));
        let (w1, h1) = estimate("1 ms", 12.0);
        let (w2, h2) = estimate("1 ms", 24.0);
        assert!(w1 > 0 && w2 > w1 && h2 > h1);
        assert!(estimate("µs", 12.0).0 < estimate("µµs", 12.0).0);
    }
}
