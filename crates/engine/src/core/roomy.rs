//! A list whose copies keep room to grow. The computer's search copies a
//! game and plays a tile on the copy thousands of times a decision; with
//! plain `Vec`s (copied with no spare capacity) every list that a placement
//! grows (placed tiles, feature nodes, the history) was reallocated and
//! copied a second time. Everything else is the `Vec` it derefs to.

use std::ops::{Deref, DerefMut};

/// A `Vec` whose clone has room for `ROOM` more elements.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct RoomyVec<T, const ROOM: usize = 16>(Vec<T>);

impl<T: Clone, const ROOM: usize> Clone for RoomyVec<T, ROOM> {
    fn clone(&self) -> Self {
        let mut v = Vec::with_capacity(self.0.len() + ROOM);
        v.extend_from_slice(&self.0);
        RoomyVec(v)
    }
}

impl<T, const ROOM: usize> RoomyVec<T, ROOM> {
    pub const fn new() -> Self {
        RoomyVec(Vec::new())
    }
}

impl<T, const ROOM: usize> From<Vec<T>> for RoomyVec<T, ROOM> {
    fn from(v: Vec<T>) -> Self {
        RoomyVec(v)
    }
}

impl<T, const ROOM: usize> Deref for RoomyVec<T, ROOM> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T, const ROOM: usize> DerefMut for RoomyVec<T, ROOM> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.0
    }
}

impl<'a, T, const ROOM: usize> IntoIterator for &'a RoomyVec<T, ROOM> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_has_the_same_elements() {
        let mut v: RoomyVec<u32, 4> = vec![1, 2, 3].into();
        v.push(4);
        assert_eq!(v.clone(), v);
    }

    #[test]
    fn a_copy_has_room_for_more() {
        let v: RoomyVec<u32, 4> = vec![1, 2, 3, 4].into();
        assert!(v.clone().capacity() >= 8);
    }
}
