//! Two memory hints for the solvers' large randomly read tables, the crate's only `unsafe`
//! code: transparent huge pages for a large allocation, and a cache prefetch.

/// Bytes of a transparent huge page on x86-64 Linux.
const HUGE_PAGE: usize = 2 << 20;

/// Asks Linux to back a vector's allocation with transparent huge pages (2 MiB) where it
/// allows them on request (`madvise` mode, as on the project's machine). A large table is
/// read at random, and with 4 KiB pages nearly every load also misses the TLB; with 2 MiB
/// pages a 64 MiB table needs only 32 TLB entries. A hint only: nothing changes if the
/// kernel declines. Elsewhere a no-op. Call it on the empty allocation, before its pages are
/// first touched.
pub(crate) fn advise_huge_pages<T>(v: &mut Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        let len = v.capacity() * std::mem::size_of::<T>();
        if len >= HUGE_PAGE {
            let start = v.as_mut_ptr() as usize;
            let aligned = start.next_multiple_of(HUGE_PAGE);
            let end = (start + len) / HUGE_PAGE * HUGE_PAGE;
            if end > aligned {
                // SAFETY: madvise only gives the kernel a hint about how to back pages of
                // memory this vector has allocated ([aligned, end) lies inside its
                // capacity); MADV_HUGEPAGE changes no contents and no permissions, and its
                // result is only advice.
                #[allow(unsafe_code)]
                unsafe {
                    libc::madvise(
                        aligned as *mut libc::c_void,
                        end - aligned,
                        libc::MADV_HUGEPAGE,
                    );
                }
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = v;
}

/// Asks the CPU to start loading the cache line of `r` (a hint: nothing waits for it, so the
/// loads of several lines overlap). A no-op off x86-64.
#[inline]
pub(crate) fn prefetch<T>(r: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        let p: *const T = r;
        // SAFETY: a prefetch is only a hint to the cache: it changes nothing the program
        // can observe and cannot fault; the pointer comes from a live reference anyway.
        #[allow(unsafe_code)]
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(p.cast());
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = r;
}
