//! The classic artwork's own checks.

use super::*;
