/**
 * Checks schema.org event markup the way Google's event documentation reads it: the required
 * properties (name, startDate with offset, location Place with name and PostalAddress) and the
 * recommended ones, each checked for its form whenever it is present. Returns problems as text
 * so a test can list every one of them. Written independently of src/lib/seo.
 */

type Node = Record<string, unknown>;

const EVENT_TYPES = new Set([
  'Event',
  'ScreeningEvent',
  'MusicEvent',
  'TheaterEvent',
  'DanceEvent',
  'ComedyEvent',
  'ExhibitionEvent',
  'EducationEvent',
  'ChildrensEvent',
  'Festival',
  'LiteraryEvent',
  'SocialEvent',
]);
const PLACE_TYPES = new Set(['Place', 'MovieTheater', 'EventVenue', 'PerformingArtsTheater', 'CivicStructure']);
const STATUSES = ['EventScheduled', 'EventCancelled', 'EventPostponed', 'EventRescheduled', 'EventMovedOnline'].map((s) => `https://schema.org/${s}`);
const AVAILABILITY = ['InStock', 'LimitedAvailability', 'SoldOut', 'PreOrder', 'OnlineOnly'].map((s) => `https://schema.org/${s}`);
/** ISO 8601 date-time with an explicit offset (or Z). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const DURATION = /^P(?=.)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): boolean {
  return typeof value === 'string' && value.trim().length > 0;
}

function absoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function types(node: Node): string[] {
  const type = node['@type'];
  return Array.isArray(type) ? type.map(String) : typeof type === 'string' ? [type] : [];
}

export function isEvent(node: unknown): node is Node {
  return isNode(node) && types(node).some((type) => EVENT_TYPES.has(type));
}

/** The top-level nodes of a JSON-LD document: a @graph, a list, or one node. */
export function nodesOf(document: unknown): Node[] {
  if (Array.isArray(document)) return document.flatMap(nodesOf);
  if (!isNode(document)) return [];
  if (Array.isArray(document['@graph'])) return document['@graph'].filter(isNode);
  return [document];
}

function postalAddressProblems(address: unknown, where: string): string[] {
  if (!isNode(address) || !types(address).includes('PostalAddress')) return [`${where}: address is not a PostalAddress`];
  return ['streetAddress', 'addressLocality', 'postalCode', 'addressCountry']
    .filter((key) => !text(address[key]))
    .map((key) => `${where}: address.${key} missing`);
}

/**
 * A node as a JSON-LD processor sees it: its own properties merged with those of every other
 * node of the graph that has the same @id.
 */
export function merged(node: Node, graph: Node[]): Node {
  const id = node['@id'];
  if (typeof id !== 'string') return node;
  return graph.filter((other) => other['@id'] === id).reduce<Node>((all, other) => ({ ...other, ...all }), node);
}

/** Problems of one event; graph is the rest of its page's markup, for nodes it refers to by @id. */
export function eventProblems(event: Node, graph: Node[] = []): string[] {
  const where = `${types(event).join('/')} ${JSON.stringify(event['name'] ?? '?')} ${JSON.stringify(event['startDate'] ?? '?')}`;
  const problems: string[] = [];
  const need = (ok: boolean, message: string) => {
    if (!ok) problems.push(`${where}: ${message}`);
  };
  if (!types(event).some((type) => EVENT_TYPES.has(type))) problems.push(`${where}: not an Event type`);
  // Required.
  need(text(event['name']), 'name missing');
  need(typeof event['startDate'] === 'string' && DATE_TIME.test(event['startDate']), 'startDate is not ISO 8601 with an offset');
  const location = event['location'];
  if (!isNode(location) || !types(location).some((type) => PLACE_TYPES.has(type))) need(false, 'location is not a Place');
  else {
    need(text(location['name']), 'location.name missing');
    problems.push(...postalAddressProblems(location['address'], where));
  }
  // Recommended: checked for form where present, some required outright because we emit them.
  need(text(event['description']), 'description missing');
  need(typeof event['eventStatus'] === 'string' && STATUSES.includes(event['eventStatus']), 'eventStatus missing or unknown');
  need(event['eventAttendanceMode'] === 'https://schema.org/OfflineEventAttendanceMode', 'eventAttendanceMode is not offline');
  if (event['endDate'] !== undefined) {
    need(typeof event['endDate'] === 'string' && DATE_TIME.test(event['endDate']), 'endDate is not ISO 8601 with an offset');
    need(
      typeof event['endDate'] === 'string' && typeof event['startDate'] === 'string' && Date.parse(event['endDate']) >= Date.parse(event['startDate']),
      'endDate before startDate',
    );
  }
  const images = Array.isArray(event['image']) ? event['image'] : [event['image']];
  need(images.length > 0 && images.every(absoluteUrl), 'image missing or not absolute');
  if (event['offers'] !== undefined) {
    const offers = Array.isArray(event['offers']) ? event['offers'] : [event['offers']];
    for (const offer of offers) {
      if (!isNode(offer)) {
        need(false, 'offers is not an Offer');
        continue;
      }
      need(absoluteUrl(offer['url']), 'offers.url missing');
      need(Number.isFinite(Number(offer['price'])) && Number(offer['price']) >= 0 && offer['price'] !== '', 'offers.price missing');
      need(offer['priceCurrency'] === 'NOK', 'offers.priceCurrency is not NOK');
      need(typeof offer['availability'] === 'string' && AVAILABILITY.includes(offer['availability']), 'offers.availability unknown');
      need(typeof offer['validFrom'] === 'string' && DATE_TIME.test(offer['validFrom']), 'offers.validFrom is not ISO 8601');
    }
  }
  const organizer = event['organizer'];
  need(isNode(organizer) && text(organizer['name']) && absoluteUrl(organizer['url']), 'organizer missing name or url');
  if (event['performer'] !== undefined) {
    const performer = event['performer'];
    need(isNode(performer) && text(performer['name']) && ['Person', 'PerformingGroup'].some((type) => types(performer).includes(type)), 'performer malformed');
  }
  if (types(event).includes('ScreeningEvent')) {
    const presented = event['workPresented'];
    const movie = isNode(presented) ? merged(presented, graph) : presented;
    if (!isNode(movie) || !types(movie).includes('Movie')) need(false, 'workPresented is not a Movie');
    else {
      need(text(movie['name']), 'workPresented.name missing');
      need(typeof movie['duration'] === 'string' && DURATION.test(movie['duration']), 'workPresented.duration is not ISO 8601');
      need(movie['image'] === undefined || absoluteUrl(movie['image']), 'workPresented.image not absolute');
      need(text(movie['description']), 'workPresented.description missing');
    }
  }
  return problems;
}

export function breadcrumbProblems(list: Node): string[] {
  const items = list['itemListElement'];
  if (!Array.isArray(items) || items.length === 0) return ['BreadcrumbList without items'];
  return items.flatMap((item, index) =>
    isNode(item) && item['@type'] === 'ListItem' && item['position'] === index + 1 && text(item['name']) && absoluteUrl(item['item'])
      ? []
      : [`BreadcrumbList item ${index + 1} malformed`],
  );
}

/** The JSON-LD blocks of an HTML document, parsed. */
export function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script\b[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => JSON.parse(match[1] ?? '') as unknown);
}
