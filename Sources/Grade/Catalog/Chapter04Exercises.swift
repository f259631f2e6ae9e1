// Chapter04's graded exercises (networking): what the grader runs for each, and
// what it tells the learner.

extension ExerciseCatalog {
  static let chapter04 = ChapterInfo(
    name: "Chapter04",
    title: "Networking",
    docsPage: "Chapter04-Networking.md"
  )

  static let chapter04Exercises: [Exercise] = [
    Exercise(
      id: "4a",
      title: "A request built from its endpoint",
      chapter: chapter04,
      section: "4.2",
      stubFile: "Ex4a_MakeRequest.swift",
      testClass: "Ex4a_MakeRequestTests",
      hints: [
        "Section 4.2's urlRequest(): every part of the request comes from the endpoint, and a URL "
          + "that cannot be built is an error to throw, not a value to force-unwrap.",
        "URLComponents: set scheme, host, port, path, and queryItems (nil when empty); its url is "
          + "nil when the parts make no URL. Then URLRequest(url:), httpMethod, setValue(_:"
          + "forHTTPHeaderField:) for Authorization and Content-Type, httpBody.",
        "guard let url = components.url else { throw EndpointError(\"...\") }; request.httpMethod "
          + "= endpoint.method.rawValue; if !endpoint.token.isEmpty { set \"Bearer \\(token)\" as "
          + "Authorization }; if let body = endpoint.body { request.httpBody = body; set "
          + "Content-Type to application/json }.",
      ],
      docAnchor: "exercise-4a-a-request-built-from-its-endpoint",
      mistakes: [
        Mistake(
          name: "the URL is not built from the endpoint's parts",
          test: "test_theURL_comesFromEveryPartOfTheEndpoint",
          fixtures: ["hardcoded-url", "query-ignored", "default-port-80"],
          hint: "The seed's mistake: a URL that ignores the endpoint. Scheme, host, port, path and "
            + "every query item go into URLComponents; a nil port stays nil (the scheme's own)."
        ),
        Mistake(
          name: "the path is taken as already escaped",
          test: "test_theURLsPath_isTheTextGiven_escapedByURLComponents",
          kind: .crashed,
          fixtures: ["percent-encoded-path"],
          hint: "The endpoint's path is plain text, with spaces and accents as they are. "
            + "percentEncodedPath takes text that is already escaped and stops the program on "
            + "anything else; path escapes what needs it."
        ),
        Mistake(
          name: "a port given is left out when it is the scheme's own",
          test: "test_theURLsPort_isTheOneGiven_evenTheSchemesOwn",
          fixtures: ["default-port-dropped"],
          hint: "Only a nil port means the scheme's own. A port the endpoint gives goes into the "
            + "URL as it is, 80 and 443 too: the URL is the endpoint's, not a shorter one."
        ),
        Mistake(
          name: "the query is joined by hand",
          test: "test_theURLsQuery_keepsEveryItemInOrder_escapedByURLComponents",
          fixtures: ["query-joined-by-hand"],
          hint: "Give URLComponents the items themselves: components.queryItems = "
            + "endpoint.queryItems (nil when there are none, or the URL ends in '?'). It keeps "
            + "their order and repeats, writes an item with no value as its name alone, and "
            + "escapes '&' and '=' inside a value."
        ),
        Mistake(
          name: "the method is not the endpoint's",
          test: "test_theMethod_isTheEndpoints",
          fixtures: ["method-ignored"],
          hint: "A URLRequest is a GET until you say otherwise: set httpMethod from "
            + "endpoint.method.rawValue."
        ),
        Mistake(
          name: "the token is not a bearer authorization",
          test: "test_aToken_isSentAsABearerAuthorization_andNoTokenSendsNone",
          saying: "as 'Bearer TOKEN'",
          fixtures: ["token-without-bearer"],
          hint: "The Authorization header names its scheme first: \"Bearer tutorial-token\", not "
            + "the token alone."
        ),
        Mistake(
          name: "an empty token is still sent",
          test: "test_aToken_isSentAsABearerAuthorization_andNoTokenSendsNone",
          saying: "send no Authorization header",
          fixtures: ["empty-token-sent"],
          hint: "\"Bearer \" with nothing after it is a wrong token, not no token: set the header "
            + "only when the token is not empty."
        ),
        Mistake(
          name: "a JSON body without its Content-Type",
          test: "test_aBody_isSentAsJSON_andNoBodySendsNoContentType",
          saying: "needs 'Content-Type: application/json'",
          fixtures: ["no-content-type"],
          hint: "The server reads a body by its Content-Type: with a body, set "
            + "\"Content-Type: application/json\"."
        ),
        Mistake(
          name: "the body is not sent as it is",
          test: "test_aBody_isSentAsJSON_andNoBodySendsNoContentType",
          saying: "byte for byte",
          fixtures: ["body-only-for-post"],
          hint: "Any method may carry a body (PUT and PATCH do), and it is already JSON: "
            + "request.httpBody = endpoint.body whatever the method, without decoding it again."
        ),
        Mistake(
          name: "a URL that cannot be built crashes",
          test: "test_whenThePartsMakeNoURL_anEndpointErrorIsThrown",
          kind: .crashed,
          fixtures: ["force-unwrapped-url", "path-checked-then-forced"],
          hint: "components.url is nil for a path without a leading \"/\", a host with a space, "
            + "and more; a ! there crashes the app. Unwrap it with guard let and throw an "
            + "EndpointError: its nil is the check, whatever the reason."
        ),
        Mistake(
          name: "a URL checked by hand, then forced, crashes",
          test: "test_whenThePartsMakeNoURL_evenForAnOddHost_anEndpointErrorIsThrown",
          kind: .crashed,
          fixtures: ["host-checked-then-forced"],
          hint: "A check by hand finds the ways to make no URL you thought of; a host has more "
            + "(\"<\", \"/\", \"#\"...). URLComponents already knows them all: its url is nil for "
            + "each, so that nil is the check to make."
        ),
        Mistake(
          name: "a scheme other than http or https goes into the URL",
          test: "test_whenTheSchemeIsNotHTTPOrHTTPS_anEndpointErrorIsThrown",
          fixtures: ["scheme-unchecked", "scheme-else-http"],
          hint: "URLComponents takes \"ftp\" and makes a URL no HTTP request can use, and stops "
            + "the program on a scheme such as \"é\" or \"\". Decide before URLComponents sees "
            + "the scheme: only \"http\" and \"https\" are requests."
        ),
        Mistake(
          name: "a port outside 0...65535 goes into the URL",
          test: "test_whenThePortIsOutside0To65535_anEndpointErrorIsThrown_andItsEdgesGoIn",
          fixtures: ["port-unchecked", "port-edges-refused"],
          hint: "URLComponents writes 70000 into a URL and stops the program on -1. A port is a "
            + "number from 0 to 65535, both ends included: check the range before URLComponents "
            + "sees it."
        ),
        Mistake(
          name: "calls share what they build with",
          test: "test_yourAnswer_keepsTheStatement_withTwoCallersAtOnce",
          fixtures: ["components-shared-between-calls"],
          hint: "makeRequest(for:) may be called from two threads at once. A URLComponents or a "
            + "request kept between calls is written by both: one caller gets the other's parts, "
            + "or the program stops. Make each call's URLComponents a local var of its own."
        ),
        .scenarioDiffers(
          fixtures: [
            "scheme-starts-with-http", "token-hard-coded", "blank-token", "extra-headers",
            "lowercase-host", "empty-host-refused", "path-urlpathallowed", "host-charset-check",
            "url-length-capped", "host-label-length-checked", "ipv6-host-bracketed",
            "body-capped-1mib", "timeout-set", "cookies-turned-off", "scheme-trimmed",
            "bearer-not-doubled", "host-name-capped-253", "pipelining-off", "trim-newlines-path",
            "body-capped-16mib", "query-capped-10", "query-control-chars-dropped",
            "host-port-split",
            "url-capped-8k", "query-capped-at-100-items", "url-over-128kib-refused",
            "path-normalized-to-nfc", "escaped-path-kept", "escaped-query-value-kept",
            "scheme-with-its-separator-accepted", "host-line-breaks-trimmed",
          ]
        ),
      ]
    ),
    Exercise(
      id: "4b",
      title: "Decode, or say why not",
      chapter: chapter04,
      section: "4.3",
      stubFile: "Ex4b_Fetch.swift",
      testClass: "Ex4b_FetchTests",
      hints: [
        "Section 4.2's APIClient: URLSession throws only when no answer arrives; a 404 is an "
          + "answer, so check the status before decoding, then turn each failure into a FetchError.",
        "do { (data, response) = try await session.data(for: request) } catch let error as "
          + "URLError { throw FetchError.transport(error.code) }; (response as? HTTPURLResponse)?"
          + ".statusCode; a Decodable struct with one property, error: String?, decoded with try? "
          + "(nil when that fails), for the message; catch let error as DecodingError for the path.",
        "The path: keyNotFound(key, context) uses context.codingPath + [key]; typeMismatch, "
          + "valueNotFound and dataCorrupted use context.codingPath. For each key: an array's "
          + "element (intValue 2, named \"Index 2\") gives \"[2]\"; any other key gives "
          + "\".name\" (no dot at the very start), a dictionary's \"7\" too, though its "
          + "intValue is 7.",
      ],
      docAnchor: "exercise-4b-decode-or-say-why-not",
      mistakes: [
        Mistake(
          name: "a 2xx other than 200 is taken for an error",
          test: "test_a201_isASuccessToo",
          fixtures: ["only-200"],
          hint: "Success is the whole 2xx range: 201 Created, 204 No Content... Check "
            + "(200..<300).contains(status)."
        ),
        Mistake(
          name: "the status is not checked before decoding",
          test: "test_a404_isAStatusError_withTheServersMessage",
          saying: "expected the status error first",
          fixtures: ["status-unchecked", "decode-before-status"],
          hint:
            "URLSession does not throw for a 404: the body is the server's error message, which "
            + "may even decode as what you asked for. Look at statusCode first, then decode."
        ),
        Mistake(
          name: "the server's message is dropped",
          test: "test_a404_isAStatusError_withTheServersMessage",
          saying: "the server said why",
          fixtures: ["message-dropped"],
          hint: "The body of a failure holds {\"error\": \"...\"} among other keys: decode it as a "
            + "struct with error: String? (other keys are ignored) and pass it on as the message."
        ),
        Mistake(
          name: "the path leaves out the array indices",
          test: "test_aFieldOfTheWrongType_isADecodingError_atItsPath",
          saying: "the array index, then the key",
          fixtures: ["path-without-indices"],
          hint: "A coding key of an array element has an intValue and no useful stringValue: write "
            + "it as \"[2]\", so the path says which user."
        ),
        Mistake(
          name: "the missing key is left out of the path",
          test: "test_aMissingField_isADecodingError_atItsPath_keyIncluded",
          fixtures: ["missing-key-not-added"],
          hint: "keyNotFound's context.codingPath ends at the object that lacks the key; the key "
            + "itself comes as the error's first value. Append it."
        ),
        Mistake(
          name: "a key at the top gets a dot",
          test: "test_aFieldOfTheWrongType_isADecodingError_atItsPath",
          saying: "no dot before it",
          fixtures: ["leading-dot"],
          hint: "A dot joins a key to what comes before it: \"[2].id\", but \"id\" alone when "
            + "the key is the first thing in the path."
        ),
        Mistake(
          name: "an index gets a dot before it",
          test: "test_aFieldOfTheWrongType_isADecodingError_atItsPath",
          saying: "no dot before a bracket",
          fixtures: ["path-joined-with-dots"],
          hint: "Only a key gets a dot before it, and only when something comes before it; an "
            + "index sits right after what it indexes: \"users[2].id\", not \"users.[2].id\"."
        ),
        Mistake(
          name: "a null value loses its path",
          test: "test_aNullField_isADecodingError_atItsPath",
          fixtures: ["value-not-found-ignored"],
          hint: "valueNotFound (a null where a value must be) carries a context with a codingPath, "
            + "as typeMismatch and dataCorrupted do: use it."
        ),
        Mistake(
          name: "dataCorrupted loses its path",
          test: "test_aValueNoCaseMatches_isADecodingError_atItsPath",
          fixtures: ["data-corrupted-at-the-top"],
          hint: "DecodingError.dataCorrupted is not only a body that is not JSON: a value no case "
            + "of an enum matches is one too, deep in the JSON. Its context has a codingPath like "
            + "the others'; for a body that is not JSON that path is empty."
        ),
        Mistake(
          name: "the success range is not 200...299",
          test: "test_aStatusOf299_isASuccess_andOf300IsNot",
          fixtures: ["status-range-to-300"],
          hint: "Success is 200 through 299, no more and no less: (200..<300).contains(status). "
            + "A 3xx URLSession did not follow is not an answer to decode."
        ),
        Mistake(
          name: "a message made up when the server gave none",
          test: "test_aStatusWithoutAnErrorKey_hasNoMessage",
          fixtures: ["message-whole-body"],
          hint: "The message is the body's \"error\", if it has one; otherwise nil, not \"\" "
            + "and not the whole body."
        ),
        Mistake(
          name: "an error body that is not JSON becomes a decoding error",
          test: "test_whenAStatusBodyIsNotJSON_itIsAStatusError_withNoMessage",
          fixtures: ["error-body-decoded-with-try"],
          hint: "A server's error page is often HTML. The status is the error; reading a message "
            + "from its body is a try that may fail, and then there is just no message."
        ),
        Mistake(
          name: "the session given is not the one used",
          test: "test_theSessionGiven_isTheOneThatAsks",
          fixtures: ["session-ignored"],
          hint: "fetch takes a session so that callers choose its configuration (headers, cache, "
            + "timeouts): call session.data(for:), not URLSession.shared."
        ),
        Mistake(
          name: "a URLError escapes as it is",
          test: "test_noServer_isATransportError",
          fixtures: ["transport-not-mapped"],
          hint:
            "Every failure is a FetchError: catch the URLError that data(for:) throws and throw "
            + "FetchError.transport(error.code)."
        ),
        Mistake(
          name: "a call does not send its own request",
          test: "test_yourAnswer_keepsTheStatement_withTheSameRequestTwice",
          fixtures: ["answers-cached-by-url"],
          hint: "Every call of fetch sends the request it is given, even to a URL fetched before: "
            + "the server may answer otherwise this time. An answer kept from an earlier call is "
            + "a cache, and the statement asks for none."
        ),
        Mistake(
          name: "two calls at once share one request",
          test: "test_yourAnswer_keepsTheStatement_withTwoCallsAtOnce",
          fixtures: ["requests-shared-by-url"],
          hint: "Two callers may ask for one URL at the same time, each with its own headers. "
            + "Each call sends its own request and awaits its own answer: nothing kept between "
            + "calls, no table of requests in flight."
        ),
        Mistake(
          name: "one request given to two calls at once is sent once",
          test: "test_yourAnswer_keepsTheStatement_withTwoCallsOfOneRequestAtOnce",
          fixtures: ["coalesce-identical-in-flight"],
          hint: "Two callers may give fetch the very same request at the same time. Each call "
            + "sends it and awaits its own answer: the server may answer them differently, and "
            + "nothing in the statement lets one call stand for another."
        ),
        Mistake(
          name: "a cancelled request is not reported as URLSession's code",
          test: "test_whenARequestEndsCancelled_itIsATransportError_withThatCode",
          fixtures: ["cancelled-as-cancellation-error"],
          hint: "FetchError.transport carries whatever code URLSession threw, .cancelled as well "
            + "as .timedOut (the page's Concepts say what a cancelled request throws); the "
            + "caller, a retry or a stream, decides what a cancel means."
        ),
        Mistake(
          name: "a response that is not HTTP crashes",
          test: "test_yourAnswer_keepsTheStatement_inEveryGeneratedScenario",
          kind: .crashed,
          fixtures: ["force-cast-to-http-response"],
          hint: "data(for:) hands back a URLResponse, and not every one is an HTTPURLResponse: a "
            + "session may answer with another kind, which has no status. A forced cast stops "
            + "the program there; the statement wants a FetchError for every failure."
        ),
        .scenarioDiffers(
          fixtures: [
            "missing-key-after-a-dot", "requires-json-mimetype", "snake-case-decoder",
            "statuses-300-to-599-only", "dot-only-after-an-index",
            "message-only-if-json-content-type", "cancelled-task-throws-cancellationerror",
            "message-read-with-jsonserialization", "index-words-taken-for-indices",
            "int-keys-without-digits-taken-for-indices", "scalar-body-refused",
            "checkcancellation-before-decoding", "adds-accept-header", "transport-codes-listed",
            "message-from-detail-or-title", "message-trimmed", "status-starts-with-2",
            "timeout-shortened", "cache-policy-reload", "message-capped-100",
            "nested-error-message", "path-template", "rebuilt-request-with-body",
            "cache-buster-query", "iso8601-dates", "lowercased-keys", "error-anywhere",
            "status-read-in-32-bits", "connection-lost-sent-again", "json5-decoder",
            "float-strings-decoded", "message-only-from-bodies-up-to-64kib",
            "message-only-when-the-body-starts-with-a-brace", "error-body-read-as-json5",
            "error-key-in-any-case", "error-object-in-an-array", "message-from-the-first-brace",
            "xssi-prefix-stripped-before-decoding", "dictionary-key-in-brackets",
          ],
          kind: .failedTest
        ),
      ]
    ),
    Exercise(
      id: "4c",
      title: "Pages by cursor, as a stream",
      chapter: chapter04,
      section: "4.4",
      stubFile: "Ex4c_UserPages.swift",
      testClass: "Ex4c_UserPagesTests",
      hints: [
        "Section 4.4's UserGeneratorService pages by number; the shape carries over: a producer "
          + "Task pages and yields, finishes after the last page or with the error, and "
          + "onTermination cancels it. Only what says 'last' differs: here, a nil next.",
        "AsyncThrowingStream.makeStream(of: User.self); in a Task: var cursor: String? = nil; "
          + "repeat { let page = try await source.page(after: cursor); yield each of page.users; "
          + "cursor = page.next } while cursor != nil. continuation.onTermination = { _ in "
          + "producer.cancel() }.",
        "do { ...the loop...; continuation.finish() } catch { continuation.finish(throwing: "
          + "Task.isCancelled ? nil : error) }: a cancelled producer's error is the consumer's "
          + "own cancellation, not news for it.",
      ],
      docAnchor: "exercise-4c-pages-by-cursor-as-a-stream",
      mistakes: [
        Mistake(
          name: "the stream is never finished",
          test: "test_aFewPages_everyUserInOrder_thenTheEnd_noPageAfterTheLast",
          kind: .hung,
          fixtures: ["never-finishes"],
          hint: "After the last page the consumer's loop waits for more, forever: call "
            + "continuation.finish() when the paging loop is done."
        ),
        Mistake(
          name: "only the first page",
          test: "test_aCancelledConsumer_isNotHandedItsOwnCancellationAsAnError",
          saying: "before page 2 was asked for",
          fixtures: ["first-page-only"],
          hint: "One request gives one page. Loop: the first page, then the page after each "
            + "page's next, until a next is nil."
        ),
        Mistake(
          name: "the last page's users are not yielded",
          test: "test_aFewPages_everyUserInOrder_thenTheEnd_noPageAfterTheLast",
          saying: "every user of every page",
          fixtures: ["last-page-users-dropped"],
          hint: "A nil next ends the paging, but the last page's users are users like any "
            + "others: the consumer gets them before the end."
        ),
        Mistake(
          name: "a page asked for after the last one",
          test: "test_aFewPages_everyUserInOrder_thenTheEnd_noPageAfterTheLast",
          saying: "so ask for no page after it",
          fixtures: ["asks-past-the-end"],
          hint: "A page whose next is nil is the last, whatever it holds: stop there. Asking "
            + "again with nil asks for the first page."
        ),
        Mistake(
          name: "the first page asked for with a cursor",
          test: "test_aConsumerGoneWhileAPageIsInFlight_cancelsThatRequest",
          saying: "ask for the first page with nil",
          fixtures: ["first-page-after-an-empty-cursor"],
          hint: "No cursor yet is nil, not an empty text: an empty cursor is a cursor some "
            + "endpoint may give."
        ),
        Mistake(
          name: "a page's error is swallowed",
          test: "test_aFailingPage_endsTheStreamWithItsError_afterTheUsersBefore",
          fixtures: ["error-swallowed"],
          hint: "finish() ends the stream as if all were well; finish(throwing: error) hands the "
            + "page's error to the consumer's for try await."
        ),
        Mistake(
          name: "a page with few users or none taken for the last",
          test: "test_anEmptyPage_orAShortOne_isNotTheLast_onlyANilCursorIs",
          saying: "however few users a page holds",
          fixtures: [
            "empty-page-ends", "short-page-ends", "first-page-sets-the-size",
            "shorter-than-the-page-before-ends",
          ],
          hint: "Section 4.4's rule (a short page is the last) belongs to an endpoint that pages "
            + "by number. Here only the cursor speaks: a page is the last when its next is nil, "
            + "whatever it holds."
        ),
        Mistake(
          name: "users the consumer has not read yet are dropped",
          test: "test_anEmptyPage_orAShortOne_isNotTheLast_onlyANilCursorIs",
          saying: "every user of every page, in order",
          fixtures: ["oldest-page-kept"],
          hint: "A buffering policy other than the default drops what does not fit while the "
            + "consumer is busy elsewhere. Every user must reach it, however slowly it reads."
        ),
        Mistake(
          name: "a cursor changed or judged",
          test: "test_eachCursor_isHandedBackAsItCame",
          fixtures: [
            "empty-cursor-ends", "repeated-cursor-ends", "cursor-trimmed", "cursor-percent-decoded",
          ],
          hint: "A cursor is the endpoint's text, not yours to read: hand back exactly what next "
            + "held, empty or repeated, and let only nil end the paging."
        ),
        Mistake(
          name: "the request in flight outlives its consumer",
          test: "test_aConsumerGoneWhileAPageIsInFlight_cancelsThatRequest",
          saying: "expected it cancelled with the consumer",
          fixtures: ["producer-not-cancelled"],
          hint:
            "The consumer went away and nobody told the producer. In continuation.onTermination "
            + "cancel the producer's Task: its request is cancelled with it."
        ),
        Mistake(
          name: "a loop left by break does not end the producer",
          test: "test_aConsumerThatBreaks_andLetsTheStreamGo_cancelsTheRequestInFlight",
          fixtures: ["producer-holds-the-stream"],
          hint: "A loop left by break ends the stream only when the stream is released: "
            + "onTermination runs then. Whatever keeps the stream alive (the producer, a "
            + "property) keeps the producer working for nobody."
        ),
        Mistake(
          name: "the producer hands the consumer its own cancellation",
          test: "test_aCancelledConsumer_isNotHandedItsOwnCancellationAsAnError",
          saying: "expected it to end without an error",
          fixtures: ["cancel-handed-to-consumer"],
          hint: "The stream runs onTermination before it ends: a cancelled producer that finishes "
            + "with its error in that moment throws it at the consumer that asked for the end. "
            + "Section 4.4 shows the producer that ends quietly when it was cancelled."
        ),
        Mistake(
          name: "a cancelled request's URLError is handed to the consumer",
          test: "test_aCancelledConsumer_isNotHandedItsOwnCancellationAsAnError_evenAsAURLError",
          fixtures: ["urlerror-cancel-handed-to-consumer"],
          hint: "A request cancelled with its consumer throws URLError(.cancelled), not a "
            + "CancellationError: the error's type cannot tell you the consumer went away. The "
            + "producer's own task can: it was cancelled."
        ),
        Mistake(
          name: "a page that fails as cancelled is kept quiet though nobody cancelled",
          test: "test_anUnaskedCancelOfAPage_endsTheStreamWithItsError",
          fixtures: ["any-cancel-error-kept-quiet"],
          hint: "URLError(.cancelled) does not always mean the consumer went away: a request can "
            + "end cancelled for a reason of its own, and then the consumer must hear of it. Ask "
            + "whether the producer itself was cancelled, not what the error is."
        ),
        .scenarioDiffers(
          fixtures: [
            "buffer-of-100-users", "stops-after-100-pages", "oldest-1000-users-kept",
            "stops-after-1000-pages", "buffer-capped-4096", "page-cap-10000", "dedupe-user-ids",
            "buffer-capped-10000", "pages-capped-100000", "users-capped-1m",
            "ids-going-back-end-it", "decoding-error-ends-quietly", "user-cache-by-id",
            "decoding-error-replaced", "same-page-twice-ends", "repeated-user-dropped",
            "producer-kept-in-a-global", "empty-pages-in-a-row-end-the-list",
            "sentinel-cursor-texts-taken-for-the-end", "trims-newlines-off-cursors",
            "cuts-long-cursors-to-256", "skips-users-with-id-zero", "lowercases-emails",
            "rebuilds-url-errors-from-their-code", "retries-a-lost-connection-once",
            "a-new-stream-cancels-the-older-one-of-its-source",
            "at-most-four-pages-in-flight-at-once", "normalizes-cursors-to-nfc",
            "pages-on-after-its-consumer-left",
          ]
        ),
      ]
    ),
    Exercise(
      id: "4d",
      title: "A retry within a time budget",
      chapter: chapter04,
      section: "4.5",
      stubFile: "Ex4d_Retrying.swift",
      testClass: "Ex4d_RetryingTests",
      hints: [
        "Section 4.5's RetryPolicy counts attempts; here the clock says when to stop. Note when "
          + "the budget ends, once, at the call; after a failure that may pass, ask whether the "
          + "next wait would end by then.",
        "let deadline = clock.now.advanced(by: budget) before the first attempt. In the loop, catch "
          + "let error as FetchError where the error may pass (408, 429, 5xx but 501 and 505; "
          + ".timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet); "
          + "let wakeUp = clock.now.advanced(by: wait); throw the error if wakeUp is past the "
          + "deadline; else try await clock.sleep(until: wakeUp, tolerance: nil), without try?, "
          + "then wait *= 2.",
        "let deadline = clock.now.advanced(by: budget); var wait = firstDelay; while true { do { "
          + "return try await operation() } catch let error as FetchError where mayPass(error) { "
          + "let wakeUp = clock.now.advanced(by: wait); guard wakeUp <= deadline else { throw "
          + "error }; try await clock.sleep(until: wakeUp, tolerance: nil); wait *= 2 } }",
      ],
      docAnchor: "exercise-4d-a-retry-within-a-time-budget",
      mistakes: [
        Mistake(
          name: "a 4xx is retried",
          test: "test_a404_isNeverRetried",
          fixtures: ["retries-4xx"],
          hint: "Retry only what may pass next time. Most 4xx say the request itself is wrong; "
            + "only 408 and 429 are about the moment."
        ),
        Mistake(
          name: "the wait does not double",
          test: "test_a503_isRetried_afterWaitsThatDouble_untilItAnswers",
          fixtures: ["constant-delay"],
          hint: "Backoff: firstDelay, then twice that, then twice again. Double the wait after "
            + "each one."
        ),
        Mistake(
          name: "try? around the wait swallows the cancel",
          test: "test_aCancelWhileWaiting_endsAtOnce_withNoFurtherAttempt",
          saying: "did not end the retrying with the sleep's CancellationError",
          fixtures: ["swallowed-cancel"],
          hint: "A cancelled sleep throws CancellationError; try? turns it into nil and the next "
            + "attempt goes out for nobody. Use try, and let the error end the retrying."
        ),
        Mistake(
          name: "the wait is not on the clock given",
          test: "test_a500AndATimeout_areRetried_aDecodingErrorIsNot",
          saying: "without waiting on the clock it was given",
          fixtures: ["task-sleep"],
          hint: "Wait with clock.sleep(for:) on the clock you are given: the tests move a manual "
            + "clock, while Task.sleep or a clock of your own waits in real time (here a minute)."
        ),
        Mistake(
          name: "a cancelled request is retried",
          test: "test_aRequestCancelledInFlight_isNotRetried",
          fixtures: ["retries-cancelled"],
          hint: "A request cancelled in flight fails with .transport(.cancelled): the task is "
            + "going away, so that error is not one to retry. Throw it at once."
        ),
        Mistake(
          name: "a wait that ends just as the budget does is not made",
          test: "test_aWaitThatWouldEndPastTheBudget_isNotMade_andTheErrorIsThrown",
          saying: "just as the budget does: it is within the budget",
          fixtures: ["wait-ending-with-the-budget-not-made"],
          hint: "The budget ends at a moment; a wait that ends at that very moment is within it. "
            + "Compare the wait's end with the deadline by <=, not <."
        ),
        Mistake(
          name: "a wait that ends past the budget is made",
          test: "test_aWaitThatWouldEndPastTheBudget_isNotMade_andTheErrorIsThrown",
          saying: "a wait that ends past the budget was made",
          fixtures: ["sleeps-then-checks"],
          hint: "Decide before you wait: a wait that would end past the budget is not made at all; "
            + "the attempt's error is thrown at once. Waiting first and looking at the clock after "
            + "spends time nobody asked for."
        ),
        Mistake(
          name: "the waits do not double",
          test: "test_aWaitThatWouldEndPastTheBudget_isNotMade_andTheErrorIsThrown",
          saying: "each twice the one before",
          fixtures: ["linear-backoff"],
          hint: "firstDelay, then 2x, 4x, 8x...: wait *= 2 after each wait."
        ),
        Mistake(
          name: "the budget is not counted from the call, attempts included",
          test: "test_theAttemptsOwnTime_isSpentFromTheBudget_fromTheCallOn",
          saying: "the attempts' own time is spent from it too",
          fixtures: [
            "attempt-time-not-counted", "budget-from-the-first-failure",
            "budget-checked-at-the-wait-start", "budget-on-the-continuous-clock",
            "last-wait-cut-to-the-budget", "scheduled-from-the-start",
          ],
          hint: "The budget ends at one moment on the clock you are given: the call's now plus "
            + "budget. Each wait starts when its attempt has failed, after the attempt's own time; "
            + "make it only if it ends by that moment, and make it whole."
        ),
        Mistake(
          name: "a wait within the budget is not made",
          test: "test_theFirstWait_isFirstDelay_whateverItIs",
          saying: "within the budget: expected it made",
          fixtures: ["budget-in-whole-seconds"],
          hint: "A budget of 2.7 s is 2.7 s: keep it a Duration, to the attosecond, and compare "
            + "instants on the clock."
        ),
        Mistake(
          name: "what may pass next time is judged wrong",
          test: "test_a500AndATimeout_areRetried_aDecodingErrorIsNot",
          saying: "may pass next time",
          fixtures: ["only-503-retried", "transport-not-retried", "decoding-retried"],
          hint: "A 500 and a timeout may pass next time; a body that does not decode will decode "
            + "no better next time."
        ),
        Mistake(
          name: "a status is judged by its number, not by what HTTP says it means",
          test: "test_theStatusesThatMayPass_areRetried_andNoOthers",
          fixtures: ["retries-all-but-404", "only-500-and-503", "every-5xx-no-4xx"],
          hint: "HTTP says which statuses are about the moment: 408 Request Timeout, 429 Too Many "
            + "Requests, and the 5xx of a server that failed or is busy. 501 Not Implemented and "
            + "505 HTTP Version Not Supported stay as they are, as do the other 4xx."
        ),
        Mistake(
          name: "the 5xx that may pass are a list of the common ones",
          test: "test_theStatusesThatMayPass_includeEvery5xxButTwo_upTo599",
          saying: "is a 5xx other than 501 and 505",
          fixtures: ["statuses-listed"],
          hint: "Section 4.5's rule is a range, not the statuses you have met: 500 to 599, but "
            + "501 and 505. A 507 or a 511 says the server's side failed as much as a 503 does."
        ),
        Mistake(
          name: "the 5xx range leaves out 599",
          test: "test_theStatusesThatMayPass_includeEvery5xxButTwo_upTo599",
          saying: "599 is the last 5xx",
          fixtures: ["status-range-to-598"],
          hint: "A range's two ends: 500..<599 stops at 598. The 5xx run from 500 to 599, both "
            + "included."
        ),
        Mistake(
          name: "a transport error is judged wrong",
          test: "test_theTransportErrorsThatMayPass_areRetried_andNoOthers",
          fixtures: ["only-timeouts-retried", "every-transport-but-cancel"],
          hint: "A connection that may come back (a timeout, a lost connection, a refused "
            + "connection, no network) may pass; an unsupported URL, a host that does not exist or "
            + "a certificate nobody trusts fails the same way next time."
        ),
        Mistake(
          name: "the transport errors that may not pass are a list",
          test: "test_transportErrorsBeyondTheFour_areNeverRetried",
          fixtures: ["transport-blacklist"],
          hint: "URLError has dozens of codes, and no list of the ones that will not pass names "
            + "them all. Name the four that may (a connection that may come back), and let every "
            + "other code be thrown."
        ),
        Mistake(
          name: "the first wait is not firstDelay",
          test: "test_theFirstWait_isFirstDelay_whateverItIs",
          saying: "the first wait is firstDelay",
          fixtures: ["first-delay-ignored"],
          hint: "The first wait is the firstDelay you are given, whatever it is; each later one "
            + "doubles the one before."
        ),
        Mistake(
          name: "an error that is not a FetchError is retried",
          test: "test_anErrorThatIsNotAFetchError_isThrownAtOnce",
          fixtures: ["retries-any-error"],
          hint: "Catch only what you can judge: catch let error as FetchError where it may pass. "
            + "Any other error says nothing about next time; let it go out as it is."
        ),
        .scenarioDiffers(
          fixtures: [
            "a-413-retried", "waits-capped-at-30-seconds", "max-backoff-a-day", "shift-doubling",
            "pow-double-backoff", "roaming-and-call-codes-retried",
            "cancelled-attempt-throws-its-error", "checkcancellation-before-each-attempt",
            "waits-capped-at-100", "check-after-wait", "status-starts-with-5",
            "raw-urlerror-retried", "stray-cancellation-retried", "retry-after-in-message",
            "waits-capped-int64-max-seconds", "status-int32", "status-abs", "tolerance-half",
            "non-json-body-retried", "status-0-retried", "first-delay-capped-at-a-day",
            "quota-exceeded-429-not-retried", "raw-decodingerror-made-a-fetcherror",
            "retry-after-taken-when-sooner", "urlerror-cancelled-becomes-cancellationerror",
          ]
        ),
        Mistake(
          name: "calls share state",
          test: "test_manyCallsAtOnce_eachWaitsItsOwnWait_whateverCallsBeforeThemDid",
          fixtures: [
            "shared-wait-global", "retry-storm-cap-of-ten-waiting-callers",
            "waiting-count-leaks-on-cancel",
          ],
          hint: "Each call of retrying waits its own waits, as if it were alone: many may run at "
            + "once, and one that ended, a cancelled one too, leaves nothing behind. Keep the "
            + "wait and the deadline in local vars of the call; a global or a static is shared by "
            + "all of them."
        ),
        Mistake(
          name: "what the operation returns is judged",
          test: "test_whatTheOperationReturns_isReturnedAsItIs_withNoWait",
          fixtures: ["empty-answer-retried"],
          hint: "Only a FetchError that may pass is retried. Whatever the operation returns, an "
            + "empty list or nil too, is its answer: return it as it is."
        ),
      ]
    ),
  ]
}
