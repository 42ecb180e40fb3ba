//! Game records read and written (an import, "Save record") and the text
//! view's words: the jobs of `crate::records`, in a chunk of the build
//! loaded the first time one is asked (`chunks::records`). [`ask`] does a
//! job and calls back with the answer, or with why it could not be done.

use crate::records::{Answer, Job};
use i18n::msg;

/// Do `job`; `then` gets its answer ([`Answer::Failed`] when its code
/// could not be loaded).
pub fn ask(job: Job, then: impl FnOnce(Answer) + 'static) {
    wasm_bindgen_futures::spawn_local(async move {
        then(match super::chunks::records(job).await {
            Ok(answer) => answer,
            Err(_) => Answer::Failed(msg::text_view::records_did_not_start().into()),
        })
    });
}
