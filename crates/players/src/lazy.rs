//! A solver whose table is made on first use.
//!
//! The solver-backed agents take a table size (`tt=MiB`, up to 64 GiB) and their solvers
//! write every page of the table when made. Agents are often built only to check their spec
//! (the engine protocol's `param_poda agent`, a tournament's `--resume`) and never play, so
//! the table is made by the first `new_game` (outside any clock) or the first move instead:
//! building `perfect(tt=1024)` took 5.4 s (found by the fuzz targets).

/// A value made from a size in MiB when first needed.
pub(crate) struct Lazy<T> {
    mib: usize,
    make: fn(usize) -> T,
    value: Option<T>,
}

impl<T> Lazy<T> {
    pub(crate) fn new(mib: usize, make: fn(usize) -> T) -> Lazy<T> {
        Lazy {
            mib,
            make,
            value: None,
        }
    }

    /// The value, made now if it was not.
    pub(crate) fn get(&mut self) -> &mut T {
        let (make, mib) = (self.make, self.mib);
        self.value.get_or_insert_with(|| make(mib))
    }

    /// Readies the value for a new game: `reset` if it was made, else makes it (a new one
    /// needs no reset).
    pub(crate) fn fresh(&mut self, reset: fn(&mut T)) {
        match &mut self.value {
            Some(v) => reset(v),
            None => {
                self.get();
            }
        }
    }

    /// Whether the value has been made.
    #[cfg(test)]
    fn is_made(&self) -> bool {
        self.value.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_once_on_first_use() {
        let mut lazy = Lazy::new(3, |mib| vec![0u8; mib]);
        assert!(!lazy.is_made());
        lazy.get().push(1);
        assert_eq!(lazy.get().len(), 4);
        lazy.fresh(|v| v.clear());
        assert!(lazy.get().is_empty());
        let mut other = Lazy::new(2, |mib| vec![0u8; mib]);
        other.fresh(|v| v.clear());
        assert_eq!(other.get().len(), 2, "a new value is not reset");
    }
}
