//! `OfferkitSkippedItem`: an item the service sent that was left out of a list because it was
//! malformed (a required field null, missing or of the wrong type; an item that is not an
//! object). Offer lists and player-offers pages both carry them, so a game can log exactly
//! what the service got wrong while showing the good items.

use std::ffi::{CString, c_char};

use offerkit::SkippedItem;

use crate::error::{Failure, OfferkitError};
use crate::items;
use crate::panic::boundary;
use crate::status::OfferkitStatus;
use crate::strings::c_text;

/// One skipped item; strings borrowed from the list or page it came from.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct OfferkitSkippedItem {
    /// 0-based position in the list as the service sent it.
    pub index: usize,
    /// The item's id when it had a usable one, else NULL.
    pub id: *const c_char,
    /// Why it was left out, e.g. `name is null`.
    pub reason: *const c_char,
}

/// The skipped items of a handle, with C strings that live as long as it.
#[derive(Default)]
pub(crate) struct Skipped(Vec<(usize, Option<CString>, CString)>);

impl Skipped {
    pub(crate) fn new(items: &[SkippedItem]) -> Self {
        Skipped(
            items
                .iter()
                .map(|s| (s.index, s.id.as_deref().map(c_text), c_text(&s.reason)))
                .collect(),
        )
    }

    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// The shared body of `*_skipped_get`.
    pub(crate) fn get(
        this: Option<&Self>,
        handle_name: &str,
        index: usize,
        out_item: *mut OfferkitSkippedItem,
        out_error: *mut *mut OfferkitError,
    ) -> OfferkitStatus {
        boundary(out_error, || {
            let skipped = this.ok_or_else(|| Failure::null(handle_name))?;
            if out_item.is_null() {
                return Err(Failure::null("out_item"));
            }
            items::check_index(skipped.0.len(), index)?;
            let (at, id, reason) = &skipped.0[index];
            let view = OfferkitSkippedItem {
                index: *at,
                id: id.as_ref().map_or(std::ptr::null(), |c| c.as_ptr()),
                reason: reason.as_ptr(),
            };
            // SAFETY: checked non-NULL above.
            unsafe { out_item.write(view) };
            Ok(())
        })
    }
}
