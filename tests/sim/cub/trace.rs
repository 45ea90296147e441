//! A trace the `cubtrace` shim recorded on the GPU (`tests/realworld/cub/src/cubtrace.c`):
//! what one program asked of the device, in order. The text file has one event a line;
//! the bytes the events carry (copies, launch parameters, snapshots) are in the data file,
//! which the lines address as `@offset` and a length.

use std::path::Path;

/// One event of a trace.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// `cudaMalloc`: a device allocation at `addr` of `size` bytes.
    Malloc { addr: u64, size: u64 },
    /// `cudaFree`.
    Free { addr: u64 },
    /// `cudaMemcpy*`: `dir` is `h2d`, `d2h`, `d2d` or `h2h`; the bytes (copied in, or the
    /// GPU's answer copied out) are at `at` in the data file.
    Copy {
        dir: String,
        dst: u64,
        src: u64,
        len: u64,
        at: u64,
    },
    /// `cudaMemset*`.
    Memset { addr: u64, value: u8, len: u64 },
    /// A kernel launch.
    Launch(Launch),
    /// After a launch (recorded with `CUBTRACE_SNAP=1`): an allocation's bytes on the GPU
    /// once the launch had finished.
    Snap { addr: u64, len: u64, at: u64 },
}

/// A kernel launch as the runtime received it.
#[derive(Debug, Clone, PartialEq)]
pub struct Launch {
    /// The kernel's mangled name.
    pub name: String,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Dynamic shared memory.
    pub smem: u32,
    /// Launched with programmatic dependent launch allowed.
    pub pdl: bool,
    /// Parameter offsets and sizes, as the driver reported them.
    pub layout: Vec<(u32, u32)>,
    /// The parameter buffer (`total` bytes at `at` in the data file).
    pub at: u64,
    pub total: u64,
}

/// A parsed trace and its data.
pub struct Trace {
    pub events: Vec<Event>,
    pub data: Vec<u8>,
}

impl Trace {
    /// Reads `<stem>.txt` and `<stem>.bin.zst` (or `<stem>.bin`).
    pub fn read(stem: &Path) -> Result<Trace, String> {
        let txt = stem.with_extension("txt");
        let text = std::fs::read_to_string(&txt)
            .map_err(|e| format!("cannot read {}: {e}", txt.display()))?;
        let data = read_data(stem)?;
        let events = parse(&text)?;
        let trace = Trace { events, data };
        trace.check_bounds()?;
        Ok(trace)
    }

    /// The `len` bytes at `at` of the data file (checked by `read`).
    pub fn bytes(&self, at: u64, len: u64) -> &[u8] {
        &self.data[at as usize..(at + len) as usize]
    }

    fn check_bounds(&self) -> Result<(), String> {
        let size = self.data.len() as u64;
        for e in &self.events {
            let (at, len) = match e {
                Event::Copy { dir, at, len, .. } if dir == "h2d" || dir == "d2h" => (*at, *len),
                Event::Launch(l) => (l.at, l.total),
                Event::Snap { at, len, .. } => (*at, *len),
                _ => continue,
            };
            if at.checked_add(len).is_none_or(|end| end > size) {
                return Err(format!("{e:?} reaches past the data file ({size} bytes)"));
            }
        }
        Ok(())
    }
}

fn read_data(stem: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let zst = stem.with_extension("bin.zst");
    let mut data = Vec::new();
    if zst.is_file() {
        let file = std::fs::File::open(&zst).map_err(|e| format!("{}: {e}", zst.display()))?;
        let mut dec = ruzstd::decoding::StreamingDecoder::new(std::io::BufReader::new(file))
            .map_err(|e| format!("{}: {e}", zst.display()))?;
        dec.read_to_end(&mut data)
            .map_err(|e| format!("{}: {e}", zst.display()))?;
    } else {
        let bin = stem.with_extension("bin");
        data = std::fs::read(&bin).map_err(|e| format!("cannot read {}: {e}", bin.display()))?;
    }
    Ok(data)
}

/// Parses the text of a trace.
pub fn parse(text: &str) -> Result<Vec<Event>, String> {
    let mut events = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        let err = |what: &str| format!("line {}: {what}: {line}", i + 1);
        let w: Vec<&str> = line.split_whitespace().collect();
        let Some(&kind) = w.first() else { continue };
        match kind {
            "malloc" => {
                check_rc(&w, 3).map_err(|e| err(&e))?;
                events.push(Event::Malloc {
                    addr: hex(w.get(1)).map_err(|e| err(&e))?,
                    size: num(w.get(2)).map_err(|e| err(&e))?,
                });
            }
            "free" => {
                check_rc(&w, 2).map_err(|e| err(&e))?;
                events.push(Event::Free {
                    addr: hex(w.get(1)).map_err(|e| err(&e))?,
                });
            }
            "memcpy" => {
                check_rc(&w, 6).map_err(|e| err(&e))?;
                events.push(Event::Copy {
                    dir: w.get(1).ok_or_else(|| err("no direction"))?.to_string(),
                    dst: hex(w.get(2)).map_err(|e| err(&e))?,
                    src: hex(w.get(3)).map_err(|e| err(&e))?,
                    len: num(w.get(4)).map_err(|e| err(&e))?,
                    at: at(w.get(5)).map_err(|e| err(&e))?,
                });
            }
            "memset" => {
                check_rc(&w, 4).map_err(|e| err(&e))?;
                let value: i64 = w
                    .get(2)
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| err("bad value"))?;
                events.push(Event::Memset {
                    addr: hex(w.get(1)).map_err(|e| err(&e))?,
                    value: value as u8,
                    len: num(w.get(3)).map_err(|e| err(&e))?,
                });
            }
            "launch" => {
                let layout_line = match lines.next() {
                    Some((_, l)) if l.starts_with("layout") => l,
                    _ => return Err(err("a launch without its layout line")),
                };
                let launch = parse_launch(&w, layout_line).map_err(|e| err(&e))?;
                events.push(Event::Launch(launch));
            }
            "launched" | "sync" => check_rc(&w, 1).map_err(|e| err(&e))?,
            "snap" => events.push(Event::Snap {
                addr: hex(w.get(1)).map_err(|e| err(&e))?,
                len: num(w.get(2)).map_err(|e| err(&e))?,
                at: at(w.get(3)).map_err(|e| err(&e))?,
            }),
            "cubtrace" | "end" | "snap-failed" => {}
            _ => return Err(err("unknown event")),
        }
    }
    Ok(events)
}

/// `launch NAME grid X Y Z block X Y Z smem N pdl P via F params COUNT TOTAL @AT ...`
fn parse_launch(w: &[&str], layout_line: &str) -> Result<Launch, String> {
    let field = |key: &str, n: usize| -> Result<Vec<u64>, String> {
        let i = w
            .iter()
            .position(|x| *x == key)
            .ok_or_else(|| format!("no `{key}`"))?;
        (1..=n).map(|k| num(w.get(i + k))).collect()
    };
    let name = w.get(1).ok_or("no kernel name")?.to_string();
    if name == "?" {
        return Err("the shim could not name the kernel".into());
    }
    let grid = field("grid", 3)?;
    let block = field("block", 3)?;
    let params = field("params", 2)?;
    let i = w.iter().position(|x| *x == "params").ok_or("no `params`")?;
    let layout = layout_line
        .split_whitespace()
        .skip(1)
        .map(|p| {
            let (o, s) = p.split_once(':').ok_or("bad layout entry")?;
            Ok((
                o.parse().map_err(|_| "bad offset")?,
                s.parse().map_err(|_| "bad size")?,
            ))
        })
        .collect::<Result<Vec<(u32, u32)>, &str>>()?;
    if layout.len() as u64 != params[0] {
        return Err("the layout does not list every parameter".into());
    }
    let to_u32 = |v: u64| u32::try_from(v).map_err(|_| format!("{v} is out of range"));
    Ok(Launch {
        name,
        grid: [to_u32(grid[0])?, to_u32(grid[1])?, to_u32(grid[2])?],
        block: [to_u32(block[0])?, to_u32(block[1])?, to_u32(block[2])?],
        smem: to_u32(field("smem", 1)?[0])?,
        pdl: field("pdl", 1)?[0] != 0,
        layout,
        total: params[1],
        at: at(w.get(i + 3))?,
    })
}

/// The `rc N` at the end of an event: the runtime call must have succeeded.
fn check_rc(w: &[&str], at: usize) -> Result<(), String> {
    match (w.get(at), w.get(at + 1)) {
        (Some(&"rc"), Some(&"0")) => Ok(()),
        (Some(&"rc"), Some(rc)) => Err(format!("the runtime call failed on the GPU ({rc})")),
        _ => Err("no return code".into()),
    }
}

fn hex(s: Option<&&str>) -> Result<u64, String> {
    let s = s.ok_or("missing address")?;
    u64::from_str_radix(s.trim_start_matches("0x"), 16).map_err(|_| format!("bad address {s}"))
}

fn num(s: Option<&&str>) -> Result<u64, String> {
    let s = s.ok_or("missing number")?;
    s.parse().map_err(|_| format!("bad number {s}"))
}

fn at(s: Option<&&str>) -> Result<u64, String> {
    let s = s.ok_or("missing @offset")?;
    let n = s
        .strip_prefix('@')
        .ok_or_else(|| format!("bad offset {s}"))?;
    n.parse().map_err(|_| format!("bad offset {s}"))
}

#[test]
fn a_trace_reads_back_its_events() {
    let text = "cubtrace 1\nmalloc 0x1000 16 rc 0\nmemcpy h2d 0x1000 0x7ff0 16 @0 rc 0\n\
        launch _Z1kPf grid 2 1 1 block 32 1 1 smem 8 pdl 1 via cudaLaunchKernelExC params 2 12 @16 \
        name-rc 0 param-rc 1 stub 1 rtname-rc 0 rtname k\nlayout 0:8 8:4\nlaunched rc 0\n\
        memset 0x1000 255 4 rc 0\nfree 0x1000 rc 0\nend\n";
    let events = parse(text).unwrap();
    assert_eq!(events.len(), 5);
    let Event::Launch(l) = &events[2] else {
        panic!("not a launch: {:?}", events[2]);
    };
    assert_eq!(
        (l.grid, l.block, l.smem, l.pdl),
        ([2, 1, 1], [32, 1, 1], 8, true)
    );
    assert_eq!(
        (l.layout.clone(), l.at, l.total),
        (vec![(0, 8), (8, 4)], 16, 12)
    );
    assert_eq!(
        events[3],
        Event::Memset {
            addr: 0x1000,
            value: 255,
            len: 4
        }
    );
    assert!(parse("malloc 0x0 16 rc 2\n")
        .unwrap_err()
        .contains("failed"));
    assert!(parse("launch k grid 1 1 1\n")
        .unwrap_err()
        .contains("layout"));
}
