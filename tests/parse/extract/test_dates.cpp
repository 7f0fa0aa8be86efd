// Year ranges as CVs write them.
#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

#include "cvsearch/parse.hpp"
#include "parse/extract/dates.hpp"
#include "parse/extract/extract.hpp"

using cvsearch::extract::find_date_spans;
using cvsearch::extract::find_year_range;
using cvsearch::extract::find_years;

namespace {

struct RangeCase {
    const char* input;
    std::optional<int> start;
    std::optional<int> end;
    bool current;
};

}  // namespace

TEST_CASE("find_year_range reads every date format CVs use") {
    const std::vector<RangeCase> cases = {
        {"Aug 2021 - Present", 2021, std::nullopt, true},
        {"2014\xE2\x80\x93" "2021", 2014, 2021, false},                      // en dash
        {"Mar 2016 - Feb 2018", 2016, 2018, false},
        {"Mar 2011 \xE2\x80\x93 Feb 2016", 2011, 2016, false},
        {"2019-now", 2019, std::nullopt, true},
        {"Since 2020", 2020, std::nullopt, true},
        {"09/2017 \xE2\x80\x93 06/2021", 2017, 2021, false},
        {"Fall 2019", 2019, 2019, false},
        {"2015", 2015, 2015, false},
        {"Spring 2021 \xE2\x80\x94 2025", 2021, 2025, false},                // em dash
        {"Sept. 2019 to Jun. 2020", 2019, 2020, false},
        {"2018-20", 2018, 2020, false},
        {"2019-05 - 2021-08", 2019, 2021, false},
        {"May'23 - Apr'24", 2023, 2024, false},
        {"Sep 2021 Present", 2021, std::nullopt, true},
        {"Aug 2024 \xE2\x80\x93", 2024, std::nullopt, true},                 // open range
        {"2021 -- current", 2021, std::nullopt, true},
        {"Ann Arbor, MI, USA Aug 2021 - Present", 2021, std::nullopt, true},
        {"2022 \xE8\x87\xB3\xE4\xBB\x8A", 2022, std::nullopt, true},         // 至今
        {"April 11, 2024", 2024, 2024, false},
        {"11 April 2024", 2024, 2024, false},
        {"24 March, 2021", 2021, 2021, false},
        {"07/15 - present:", 2015, std::nullopt, true},                      // month/two-digit year, LaTeX CVs
        {"12/98 - 06/01", 1998, 2001, false},
        {"11/93 \xE2\x80\x93 11/94", 1993, 1994, false},
        {"10.2021 - 06.2022", 2021, 2022, false},                           // month.year, European CVs
        {"03.2019 \xE2\x80\x93 heute", 2019, std::nullopt, true},
        {"01.10.2021 - 30.09.2023", 2021, 2023, false},                     // day.month.year
    };
    for (const auto& c : cases) {
        std::string captured = c.input;
        CAPTURE(captured);
        auto r = find_year_range(c.input);
        REQUIRE(r.has_value());
        CHECK(r->start == c.start);
        CHECK(r->end == c.end);
        CHECK(r->current == c.current);
    }
}

TEST_CASE("find_year_range finds no year in ids, numbers and month-only ranges") {
    for (const char* s : {"arXiv:2012.01234", "(Jun \xE2\x80\x93 Sep)", "pp. 112-124", "10.1145/3600006.3613152", "Room 2301B",
                          "Present", "call +1 734 555 2019x",
                          // month/two-digit year only as a range: a date, a score, a fraction, a backwards range
                          "on 07/15", "scored 10/12 - well", "1/2 - 3/4", "06/01 - 12/98", "13/15 - present"}) {
        std::string captured = s;
        CAPTURE(captured);
        CHECK_FALSE(find_year_range(s).has_value());
    }
}

TEST_CASE("find_date_spans gives byte offsets that cut the dates out of a line") {
    std::string line = "Tesla Inc.\tMay 2023 \xE2\x80\x93 Aug 2023 Palo Alto, CA";
    auto spans = find_date_spans(line);
    REQUIRE(spans.size() == 1);
    CHECK(line.substr(spans[0].begin, spans[0].end - spans[0].begin) == "May 2023 \xE2\x80\x93 Aug 2023");
}

TEST_CASE("a since before the date belongs to its span, so no Since is left for a place") {
    for (std::string line : {"Since Nov. 2021: Research Fellow, Example Institute of Tides", "Since 2021: Research Fellow",
                             "From June 2019: Lecturer", "Seit 2018: Dozent"}) {
        CAPTURE(line);
        auto spans = find_date_spans(line);
        REQUIRE(spans.size() == 1);
        CHECK(spans[0].begin == 0);
        CHECK(spans[0].range.current);
        CHECK_FALSE(spans[0].range.end.has_value());
    }
    auto profiles = cvsearch::parse_bytes("# Ines Marlow\n\n## Experience\n\n- Since Nov. 2021: Research Fellow, Example Institute of Tides\n", "cv.md");
    REQUIRE(profiles.size() == 1);
    REQUIRE(profiles[0].affiliations.size() == 1);
    CHECK(profiles[0].affiliations[0].institution_raw == "Example Institute of Tides");
    CHECK(profiles[0].affiliations[0].start_year == 2021);
    CHECK(profiles[0].affiliations[0].current);
}

TEST_CASE("find_years takes publication years, not id digits") {
    struct Case {
        const char* input;
        std::vector<int> years;
    };
    const std::vector<Case> cases = {
        {"arXiv:2504.20854, 2025", {2025}},
        {"arXiv:2012.01234", {}},
        {"SOSP '23", {2023}},
        {"[SOSP \xE2\x80\x98" "23]", {2023}},
        {"OSDI\xE2\x80\x99" "24", {2024}},
        {"NeurIPS2020", {2020}},
        {"IEEE TPDS 31(8), 2020.", {2020}},
        {"Euro-Par 2012, LNCS 7484, pp. 112\xE2\x80\x93" "124", {2012}},
        {"(2017). Title", {2017}},
        {"doi:10.1145/2019.3", {}},
        {"Smith 2019a", {}},
        {"accuracy 3.2019 on the test set", {}},  // a decimal: no two-digit month before the dot
        {"doi:10.2021/abc.123", {}},              // a DOI prefix, not October 2021
        {"version 1.2.10.2021", {}},              // a chain of numbers
        {"Journal of X, 12.2020", {2020}},
        {"defended on 1.10.2021", {2021}},
    };
    for (const auto& c : cases) {
        std::string captured = c.input;
        CAPTURE(captured);
        std::vector<int> got;
        for (const auto& y : find_years(c.input)) got.push_back(y.year);
        CHECK(got == c.years);
    }
}

TEST_CASE("an ellipsis after the dash leaves a range open, like \"present\"") {
    for (const char* s : {"2019-\xE2\x80\xA6", "2019 \xE2\x80\x93 \xE2\x80\xA6", "Sep 2019 - \xE2\x80\xA6"}) {
        CAPTURE(s);
        auto r = find_year_range(s);
        REQUIRE(r.has_value());
        CHECK(r->start == 2019);
        CHECK_FALSE(r->end.has_value());
        CHECK(r->current);
    }
    // An ellipsis elsewhere is no date sign: "2019 Doe, A., Roe, B. … (eds.)" stays one year.
    auto r = find_year_range("2019 \xE2\x80\xA6 edited volume");
    REQUIRE(r.has_value());
    CHECK_FALSE(r->current);
}

TEST_CASE("is_only_dates: a duration in brackets beside the dates is theirs") {
    using cvsearch::extract::is_only_dates;
    CHECK(is_only_dates("2011 (6 months)"));
    CHECK(is_only_dates("Summer 2019 (10 weeks)"));
    CHECK(is_only_dates("2010 (2 Months) - 2011"));
    CHECK_FALSE(is_only_dates("(6 months)"));          // a duration alone dates nothing
    CHECK_FALSE(is_only_dates("2011 (Acme Labs)"));    // a name in brackets is no duration
    CHECK_FALSE(is_only_dates("2011 (6 papers)"));
}
