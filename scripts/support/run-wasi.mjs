// Runs a wasm32-wasip1 program under Node's WASI: node run-wasi.mjs PROGRAM.wasm ARG (ARG is a path under /tmp).
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import { argv } from 'node:process';
const wasi = new WASI({ version: 'preview1', args: ['sim_bench', argv[3]], preopens: { '/tmp': '/tmp' } });
const wasm = await WebAssembly.compile(await readFile(argv[2]));
const instance = await WebAssembly.instantiate(wasm, wasi.getImportObject());
wasi.start(instance);
