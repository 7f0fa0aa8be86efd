// parse/extract/dates.hpp — years and year ranges in CV text (internal).
//
// CVs write dates every way: "Aug 2021 - Present", "2014–2021", "09/2017 –
// 06/2021", "Fall 2019", "Since 2020", "2019-now", "May'23 -", "SOSP '23",
// and in ranges only "07/15 - present", "12/98 - 06/01" (month/two-digit year).
// Scanning works on tokens of the original string so that spans are byte
// offsets the callers can cut out ("Tesla Inc. Feb 2018 – Jun 2021" -> "Tesla Inc.").
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "parse/extract/extract.hpp"

namespace cvsearch::extract {

/// A date or date range and where it sits in the string (byte offsets).
struct DateSpan {
    YearRange range;
    std::size_t begin = 0;
    std::size_t end = 0;
};

/// Every date or date range in s, left to right, not overlapping.
std::vector<DateSpan> find_date_spans(std::string_view s);

/// A year written in s: "2021", "'23" / "’23" (two-digit years after an apostrophe).
struct YearMention {
    int year = 0;
    std::size_t begin = 0;
    std::size_t end = 0;
    bool two_digit = false;
};

/// Plausible years (1950-2039) that are not part of a longer number, an arXiv
/// id ("2504.20854"), a DOI or a decimal.
std::vector<YearMention> find_years(std::string_view s);

bool plausible_year(int year);

/// The year of a month and two-digit year ending `s` ("..., ICML, 09/18." -> 2018):
/// how some CVs date a publication. Only at the end, where it cannot be a day
/// and a month of something else; nullopt when `s` does not end so.
std::optional<int> trailing_month_year(std::string_view s);

/// True when s holds nothing but dates, date separators and punctuation
/// ("Aug 2021 - Present", "(2019)", "Spring 2021, Fall 2022"); a duration in brackets
/// beside them is theirs ("2011 (6 months)").
bool is_only_dates(std::string_view s);

}  // namespace cvsearch::extract
