//! Sorts for the short lists of the engines, the artwork, the view and the
//! saves, small in code: the standard library's sorts are fast on long
//! inputs but take several KB of wasm per element type and comparison.
//! Measured on the one split build (docs/loading.md): the standard sorts in
//! their place cost 20.2 KB gzipped before the first screen and 27.1 KB for
//! offline play. These give the same order as the standard sorts they
//! replace (see each), so nothing they feed changes.

/// Sorts `v` stably by `is_less` (`a` before `b`): the order
/// `v.sort_by(|a, b| ...)` gives with the matching comparator, equal
/// elements keeping their order. An insertion sort: for lists of at most a
/// few hundred elements.
pub fn sort_by<T>(v: &mut [T], mut is_less: impl FnMut(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && is_less(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Sorts `v` ascending, as `sort_unstable` does: for types whose equal
/// values are indistinguishable (integers, tuples of them) every sort gives
/// this same result. A heapsort: `O(n log n)` without recursion.
pub fn sort_unstable<T: Ord>(v: &mut [T]) {
    fn sift_down<T: Ord>(v: &mut [T], mut node: usize) {
        loop {
            let mut child = 2 * node + 1;
            if child >= v.len() {
                return;
            }
            if child + 1 < v.len() && v[child] < v[child + 1] {
                child += 1;
            }
            if v[node] >= v[child] {
                return;
            }
            v.swap(node, child);
            node = child;
        }
    }
    for i in (0..v.len() / 2).rev() {
        sift_down(v, i);
    }
    for end in (1..v.len()).rev() {
        v.swap(0, end);
        sift_down(&mut v[..end], 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn sort_unstable_sorts_as_the_standard_library(mut v in prop::collection::vec((0u16..40, 0u16..40), 0..300)) {
            let mut want = v.clone();
            want.sort_unstable();
            sort_unstable(&mut v);
            prop_assert_eq!(v, want);
        }

        #[test]
        fn sort_by_is_stable_as_the_standard_library(mut v in prop::collection::vec((-20i8..20, 0u32..1000), 0..300)) {
            // Sorted by the first field only: ties keep their order.
            let mut want = v.clone();
            want.sort_by_key(|a| a.0);
            sort_by(&mut v, |a, b| a.0 < b.0);
            prop_assert_eq!(v, want);
        }

        #[test]
        fn sort_by_total_cmp_matches_the_standard_library(mut v in prop::collection::vec((prop::num::f32::ANY, 0u32..1000), 0..200)) {
            let mut want = v.clone();
            want.sort_by(|a, b| b.0.total_cmp(&a.0));
            sort_by(&mut v, |a, b| b.0.total_cmp(&a.0).is_lt());
            prop_assert_eq!(format!("{v:?}"), format!("{want:?}"));
        }
    }
}
