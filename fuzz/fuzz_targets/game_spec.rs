#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| poda_fuzz::targets::game_spec(data));
