//! "Did you mean": the known name nearest to an unknown one, for error messages.

/// The known name closest to `name` (the same but for case, or within about one edit in three
/// letters, by Damerau-Levenshtein distance on lower case), if one is close enough.
pub(crate) fn nearest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = name.to_lowercase();
    let limit = (name.chars().count() / 3).max(1);
    known
        .into_iter()
        .filter(|k| *k != name)
        .map(|k| (strsim::damerau_levenshtein(&lower, &k.to_lowercase()), k))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, k)| (d, k.len()))
        .map(|(_, k)| k)
}

/// `; did you mean `X`?` for the nearest known name, or nothing.
pub(crate) fn did_you_mean<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    nearest(name, known)
        .map(|k| format!("; did you mean `{k}`?"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_close_to_a_known_one_get_it_others_nothing() {
        let known = ["Buffalo", "Bishop", "King", "second-rank", "back-rank"];
        assert_eq!(nearest("Bufalo", known), Some("Buffalo"));
        assert_eq!(nearest("king", known), Some("King"));
        assert_eq!(nearest("secnd-rank", known), Some("second-rank"));
        assert_eq!(nearest("Bishpo", known), Some("Bishop"));
        assert_eq!(nearest("Dragon", known), None);
        assert_eq!(nearest("K", known), None);
        assert_eq!(did_you_mean("Bufalo", known), "; did you mean `Buffalo`?");
        assert_eq!(did_you_mean("Zebra", known), "");
    }
}
