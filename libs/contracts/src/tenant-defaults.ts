/** The spec's default tenant templates (first document, "Tenant settings"), one copy for every service. */
export const DEFAULT_STAFF_POSITION_TEMPLATES: readonly string[] = [
  'Service Provider',
  'Senior Provider',
  'Specialist',
  'Manager',
  'Receptionist',
  'Assistant',
  'Trainee',
];

export const DEFAULT_SERVICE_CATEGORY_TEMPLATES: readonly string[] = [
  'hair_cut',
  'hair_color',
  'hair_treatment',
  'hair_styling',
  'facial',
  'makeup',
  'eyebrows',
  'eyelashes',
  'manicure',
  'pedicure',
  'nail_art',
  'massage',
  'body_treatment',
  'waxing',
  'spa',
  'therapy',
  'consultation',
  'other',
];
